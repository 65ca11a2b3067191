import { and, asc, eq, gt, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { divisions, manufacturers, products } from '../../db/schema/index';

/**
 * What a shopper can open (the product page's rule: an inactive product answers 404 to anyone
 * but an admin, products.service.ts `getProduct`; a deleted one has no row).
 */
const shopperVisible = eq(products.isActive, true);

/**
 * The newest `updated_at` of each run of `size` visible products in id order: one row per
 * sitemap chunk, from one pass over the products (not one query per chunk).
 */
export async function productChunkLastmods(db: DbOrTx, size: number): Promise<Date[]> {
  const ranked = db
    .select({
      chunk: sql<number>`((row_number() over (order by ${products.id})) - 1) / ${size}`.as('chunk'),
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(shopperVisible)
    .as('ranked');
  const rows = await db
    .select({ lastmod: sql<Date>`max(${ranked.updatedAt})`.mapWith(products.updatedAt) })
    .from(ranked)
    .groupBy(ranked.chunk)
    .orderBy(ranked.chunk);
  return rows.map((row) => row.lastmod);
}

/** The id of the visible product at `offset` in id order: where a chunk's keyset page starts. */
export async function productIdAt(db: DbOrTx, offset: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(shopperVisible)
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(1);
  return row?.id;
}

/** Up to `limit` visible products with an id above `after`, in id order (keyset pagination). */
export function productPage(db: DbOrTx, after: number | null, limit: number) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(after === null ? shopperVisible : and(shopperVisible, gt(products.id, after)))
    .orderBy(asc(products.id))
    .limit(limit);
}

/**
 * Divisions and manufacturers that list at least one visible product, with the newest change
 * among those products: the listing page's content changes when they do. An entry without
 * products would be an empty listing, which is left out of the sitemap.
 */
export function divisionsWithProducts(db: DbOrTx) {
  return db
    .select({ id: divisions.id, lastmod: max(products.updatedAt) })
    .from(divisions)
    .innerJoin(products, and(eq(products.divisionId, divisions.id), shopperVisible))
    .groupBy(divisions.id)
    .orderBy(asc(divisions.id));
}

export function manufacturersWithProducts(db: DbOrTx) {
  return db
    .select({ id: manufacturers.id, lastmod: max(products.updatedAt) })
    .from(manufacturers)
    .innerJoin(products, and(eq(products.manufacturerId, manufacturers.id), shopperVisible))
    .groupBy(manufacturers.id)
    .orderBy(asc(manufacturers.id));
}
