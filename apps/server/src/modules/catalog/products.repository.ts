import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  divisions,
  manufacturers,
  productImages,
  products,
  saltCompositions,
} from '../../db/schema/index';
import type { StoredImage } from '../../lib/image-variants';

/**
 * One product's rows: its answer (with the names of its division, maker and salt), images and
 * writes. Listing pages are in product-listing.repository.ts, search in product-search.repository.ts.
 */

/**
 * The first image with its size and variants in one correlated subquery (one index probe per
 * listed product, as when only the URL was read), as a JSON array: [url, width, height, widths].
 */
const firstImage =
  sql`(select json_build_array(${productImages.url}, ${productImages.width}, ${productImages.height}, ${productImages.variantWidths}) from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`.mapWith(
    parseFirstImage,
  );

const positiveInt = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** node-postgres and PGlite both parse json already; a string is parsed here in case one does not. */
function parseFirstImage(value: unknown): StoredImage | null {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') return null;
  const widths: unknown = parsed[3];
  return {
    url: parsed[0],
    width: positiveInt(parsed[1]),
    height: positiveInt(parsed[2]),
    variantWidths: Array.isArray(widths)
      ? widths.map(positiveInt).filter((width): width is number => width !== null)
      : null,
  };
}

/** The columns every product answer needs, joined with the names of its division, maker and salt. */
export const productColumns = {
  id: products.id,
  name: products.name,
  offerPriceMinor: products.offerPriceMinor,
  maximumRetailPriceMinor: products.maximumRetailPriceMinor,
  quantity: products.quantity,
  prescription: products.prescription,
  scheduleCode: products.scheduleCode,
  maxUnitsPerOrder: products.maxUnitsPerOrder,
  isActive: products.isActive,
  divisionId: products.divisionId,
  divisionName: divisions.name,
  manufacturerId: products.manufacturerId,
  manufacturerName: manufacturers.name,
  saltCompositionId: products.saltCompositionId,
  saltCompositionName: saltCompositions.name,
  saltCompositionSlug: saltCompositions.slug,
  dosageForm: products.dosageForm,
  strength: products.strength,
  packSize: products.packSize,
  description: products.description,
  hsnCode: products.hsnCode,
  gstRate: products.gstRate,
  returnable: products.returnable,
  createdAt: products.createdAt,
  firstImage,
};

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

function selectProducts(db: DbOrTx) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(divisions, eq(divisions.id, products.divisionId))
    .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .leftJoin(saltCompositions, eq(saltCompositions.id, products.saltCompositionId));
}

export async function findProduct(db: DbOrTx, productId: number) {
  const [row] = await selectProducts(db).where(eq(products.id, productId)).limit(1);
  return row;
}

export async function listImages(db: DbOrTx, productId: number) {
  return db
    .select({
      id: productImages.id,
      url: productImages.url,
      width: productImages.width,
      height: productImages.height,
      variantWidths: productImages.variantWidths,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.position, productImages.id);
}

export async function listSubstitutes(
  db: DbOrTx,
  product: { id: number; saltCompositionId: number },
  limit: number,
) {
  const rows = await selectProducts(db)
    .where(
      and(
        eq(products.saltCompositionId, product.saltCompositionId),
        eq(products.isActive, true),
        ne(products.id, product.id),
      ),
    )
    .orderBy(asc(products.offerPriceMinor), asc(products.id))
    .limit(limit);
  return rows;
}

export async function listTopSelling(db: DbOrTx, limit: number) {
  const rows = await selectProducts(db)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.unitsSold), desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows;
}

export interface ProductWrite {
  name: string;
  offerPriceMinor: number;
  maximumRetailPriceMinor: number;
  prescription: boolean;
  /** Absent: the database chooses it from `prescription` (migration 0009's trigger). */
  scheduleCode?: string;
  /** Absent: left as it is; null: no limit. */
  maxUnitsPerOrder?: number | null;
  isActive: boolean;
  divisionId: number;
  manufacturerId: number;
  saltCompositionId: number;
  dosageForm: string | null;
  strength: string | null;
  packSize: string | null;
  description: string | null;
  /** Absent: left as it is (a new product gets the column's default, HSN 3004). */
  hsnCode?: string;
  /** Absent: left as it is (a new product gets the column's default, 5%). */
  gstRate?: number;
  /** Absent: left as it is (a new product is returnable). */
  returnable?: boolean;
}

export async function insertProduct(db: DbOrTx, values: ProductWrite): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('product insert returned no row');
  return row.id;
}

export async function updateProduct(
  db: DbOrTx,
  productId: number,
  values: ProductWrite,
): Promise<boolean> {
  const rows = await db
    .update(products)
    .set(values)
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return rows.length > 0;
}

/**
 * A product's name, prices and stock, its row locked to the end of the transaction (a price change
 * reads the old ones; an edit compares the quantity it was sent).
 */
export async function lockPrices(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({
      name: products.name,
      quantity: products.quantity,
      offerPriceMinor: products.offerPriceMinor,
      maximumRetailPriceMinor: products.maximumRetailPriceMinor,
      isActive: products.isActive,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  return row;
}

export async function deleteProduct(db: DbOrTx, productId: number): Promise<boolean> {
  const rows = await db
    .delete(products)
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function insertImages(
  db: DbOrTx,
  productId: number,
  images: StoredImage[],
  firstPosition: number,
) {
  if (images.length === 0) return;
  await db
    .insert(productImages)
    .values(images.map((image, i) => ({ productId, ...image, position: firstPosition + i })));
}

export async function deleteImages(db: DbOrTx, imageIds: number[]) {
  if (imageIds.length === 0) return;
  await db.delete(productImages).where(inArray(productImages.id, imageIds));
}

export async function productExists(
  db: DbOrTx,
  productId: number,
  activeOnly: boolean,
): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      activeOnly
        ? and(eq(products.id, productId), eq(products.isActive, true))
        : eq(products.id, productId),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findProductsByIds(db: DbOrTx, productIds: number[]) {
  if (productIds.length === 0) return [];
  return selectProducts(db).where(inArray(products.id, productIds));
}
