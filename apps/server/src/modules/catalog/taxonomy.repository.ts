import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/errors';
import { divisions, manufacturers, products, saltCompositions } from '../../db/schema/index';
import type { StoredImage } from '../../lib/image-variants';

/** Divisions, manufacturers and salt compositions share one shape: id, name (+ division image). */
export type TaxonomyKind = 'division' | 'manufacturer' | 'saltComposition';

const tables = {
  division: divisions,
  manufacturer: manufacturers,
  saltComposition: saltCompositions,
} as const;
const tableNames = {
  division: 'divisions',
  manufacturer: 'manufacturers',
  saltComposition: 'salt_compositions',
} as const;
const productColumn = {
  division: products.divisionId,
  manufacturer: products.manufacturerId,
  saltComposition: products.saltCompositionId,
} as const;

/** A salt's medicine page address (issue 30); the other kinds have none and answer null. */
function slugColumn(kind: TaxonomyKind) {
  return kind === 'saltComposition' ? saltCompositions.slug : sql<string | null>`null`;
}

/** A division's image columns; the other kinds have none and answer nulls. */
function imageColumns(kind: TaxonomyKind) {
  return kind === 'division'
    ? {
        imageUrl: divisions.imageUrl,
        imageWidth: divisions.imageWidth,
        imageHeight: divisions.imageHeight,
        imageVariantWidths: divisions.imageVariantWidths,
      }
    : {
        imageUrl: sql<string | null>`null`,
        imageWidth: sql<number | null>`null`,
        imageHeight: sql<number | null>`null`,
        imageVariantWidths: sql<number[] | null>`null`,
      };
}

function withImage<
  T extends {
    imageUrl: string | null;
    imageWidth: number | null;
    imageHeight: number | null;
    imageVariantWidths: number[] | null;
  },
>(row: T) {
  const { imageUrl, imageWidth, imageHeight, imageVariantWidths, ...rest } = row;
  const image: StoredImage | null = imageUrl
    ? { url: imageUrl, width: imageWidth, height: imageHeight, variantWidths: imageVariantWidths }
    : null;
  return { ...rest, image };
}

export async function listEntries(
  db: DbOrTx,
  kind: TaxonomyKind,
  options: { limit?: number; search?: string },
) {
  const table = tables[kind];
  const where: SQL | undefined = options.search
    ? sql`lower(${table.name}) like ${`%${escapeLike(options.search.toLowerCase())}%`}`
    : undefined;
  const query = db
    .select({
      id: table.id,
      name: table.name,
      slug: slugColumn(kind),
      ...imageColumns(kind),
      // The outer id is named with its table: unqualified, it would bind to products.id inside.
      productCount: sql<number>`(select count(*)::int from ${products} where ${productColumn[kind]} = ${sql.identifier(tableNames[kind])}.${sql.identifier('id')} and ${products.isActive})`,
    })
    .from(table)
    .where(where)
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
  return (await (options.limit ? query.limit(options.limit) : query)).map(withImage);
}

export async function findEntry(db: DbOrTx, kind: TaxonomyKind, id: number) {
  const table = tables[kind];
  const [row] = await db
    .select({
      id: table.id,
      name: table.name,
      ...imageColumns(kind),
    })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row && withImage(row);
}

function divisionImageValues(image: StoredImage) {
  return {
    imageUrl: image.url,
    imageWidth: image.width,
    imageHeight: image.height,
    imageVariantWidths: image.variantWidths,
  };
}

export async function insertEntry(
  db: DbOrTx,
  kind: TaxonomyKind,
  name: string,
  image?: StoredImage,
): Promise<number> {
  const [row] =
    kind === 'division'
      ? await db
          .insert(divisions)
          .values({ name, ...(image ? divisionImageValues(image) : {}) })
          .returning({ id: divisions.id })
      : await db.insert(tables[kind]).values({ name }).returning({ id: tables[kind].id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateEntry(
  db: DbOrTx,
  kind: TaxonomyKind,
  id: number,
  name: string,
  image?: StoredImage,
): Promise<boolean> {
  const rows =
    kind === 'division'
      ? await db
          .update(divisions)
          .set(image ? { name, ...divisionImageValues(image) } : { name })
          .where(eq(divisions.id, id))
          .returning({ id: divisions.id })
      : await db
          .update(tables[kind])
          .set({ name })
          .where(eq(tables[kind].id, id))
          .returning({ id: tables[kind].id });
  return rows.length > 0;
}

export async function deleteEntry(db: DbOrTx, kind: TaxonomyKind, id: number): Promise<boolean> {
  const rows = await db
    .delete(tables[kind])
    .where(eq(tables[kind].id, id))
    .returning({ id: tables[kind].id });
  return rows.length > 0;
}

/** Every product, active or not, that refers to the entry: any of them blocks a delete. */
export async function countProductsUsing(
  db: DbOrTx,
  kind: TaxonomyKind,
  id: number,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(eq(productColumn[kind], id));
  return row?.n ?? 0;
}

/** Keeps the search text of products in step after a manufacturer or salt is renamed. */
export async function refreshSearchText(db: DbOrTx, kind: TaxonomyKind, id: number): Promise<void> {
  if (kind === 'division') return;
  await db.execute(sql`update ${products} set name = name where ${productColumn[kind]} = ${id}`);
}
