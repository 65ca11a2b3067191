import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import {
  divisions,
  manufacturers,
  productImages,
  products,
  saltCompositions,
} from '../src/db/schema/index';

const unique = () => randomBytes(3).toString('hex');

export async function createDivision(db: Database, name = `Division ${unique()}`) {
  const [row] = await db
    .insert(divisions)
    .values({ name, imageUrl: '/uploads/catalog/x.svg' })
    .returning();
  return row as NonNullable<typeof row>;
}
export async function createManufacturer(db: Database, name = `Maker ${unique()}`) {
  const [row] = await db.insert(manufacturers).values({ name }).returning();
  return row as NonNullable<typeof row>;
}
export async function createSalt(db: Database, name = `Salt ${unique()}`) {
  const [row] = await db.insert(saltCompositions).values({ name }).returning();
  return row as NonNullable<typeof row>;
}

export interface CatalogBasics {
  divisionId: number;
  manufacturerId: number;
  saltCompositionId: number;
}

export async function createBasics(db: Database): Promise<CatalogBasics> {
  const [division, manufacturer, salt] = [
    await createDivision(db),
    await createManufacturer(db),
    await createSalt(db),
  ];
  return { divisionId: division.id, manufacturerId: manufacturer.id, saltCompositionId: salt.id };
}

export async function createProduct(
  db: Database,
  basics: CatalogBasics,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const [row] = await db
    .insert(products)
    .values({
      name: `Product ${unique()}`,
      offerPriceMinor: 9000,
      maximumRetailPriceMinor: 10000,
      quantity: 50,
      prescription: false,
      isActive: true,
      ...basics,
      ...overrides,
    })
    .returning();
  const product = row as NonNullable<typeof row>;
  await db
    .insert(productImages)
    .values({ productId: product.id, url: `/uploads/catalog/p${product.id}.svg`, position: 0 });
  return product;
}

export async function setUnitsSold(db: Database, productId: number, unitsSold: number) {
  await db.update(products).set({ unitsSold }).where(eq(products.id, productId));
}

/** The text fields of a valid product form (multipart, as the admin form sends them). */
export const productFormFields = (basics: CatalogBasics, name: string) => ({
  name,
  maximumRetailPrice: '155.50',
  offerPrice: '140',
  divisionId: String(basics.divisionId),
  manufacturerId: String(basics.manufacturerId),
  saltCompositionId: String(basics.saltCompositionId),
  quantity: '30',
  prescription: 'false',
});
