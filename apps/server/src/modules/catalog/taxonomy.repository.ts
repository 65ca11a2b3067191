import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { escapeLike } from '../../db/errors';
import { divisions, manufacturers, products, saltCompositions } from '../../db/schema/index';

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
      imageUrl: kind === 'division' ? divisions.imageUrl : sql<string | null>`null`,
      // The outer id is named with its table: unqualified, it would bind to products.id inside.
      productCount: sql<number>`(select count(*)::int from ${products} where ${productColumn[kind]} = ${sql.identifier(tableNames[kind])}.${sql.identifier('id')} and ${products.isActive})`,
    })
    .from(table)
    .where(where)
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
  return options.limit ? query.limit(options.limit) : query;
}

export async function findEntry(db: DbOrTx, kind: TaxonomyKind, id: number) {
  const table = tables[kind];
  const [row] = await db
    .select({
      id: table.id,
      name: table.name,
      imageUrl: kind === 'division' ? divisions.imageUrl : sql<string | null>`null`,
    })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row;
}

export async function insertEntry(
  db: DbOrTx,
  kind: TaxonomyKind,
  name: string,
  imageUrl?: string,
): Promise<number> {
  const [row] =
    kind === 'division'
      ? await db
          .insert(divisions)
          .values({ name, imageUrl: imageUrl ?? null })
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
  imageUrl?: string,
): Promise<boolean> {
  const rows =
    kind === 'division'
      ? await db
          .update(divisions)
          .set(imageUrl ? { name, imageUrl } : { name })
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
