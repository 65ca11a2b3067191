import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { divisions, manufacturers, products, saltCompositions } from '../../db/schema/index';
import { productColumns } from './products.repository';

/** The shop's product listing: filters, sorts, pages seeking from anchors, counts. */

export interface ProductFilter {
  includeInactive: boolean;
  divisionId?: number;
  manufacturerId?: number;
  saltCompositionId?: number;
  prescription?: boolean;
}

export type ProductOrder = { by: 'createdAt' | 'offerPrice'; direction: 'asc' | 'desc' };
export function filterCondition(filter: ProductFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (!filter.includeInactive) conditions.push(eq(products.isActive, true));
  if (filter.divisionId) conditions.push(eq(products.divisionId, filter.divisionId));
  if (filter.manufacturerId) conditions.push(eq(products.manufacturerId, filter.manufacturerId));
  if (filter.saltCompositionId)
    conditions.push(eq(products.saltCompositionId, filter.saltCompositionId));
  if (filter.prescription !== undefined)
    conditions.push(eq(products.prescription, filter.prescription));
  return conditions.length ? and(...conditions) : undefined;
}

const keyOf = (order: ProductOrder) =>
  order.by === 'offerPrice' ? products.offerPriceMinor : products.createdAt;

/** The ORDER BY of a sort; the id breaks ties in the same direction, so pages never overlap. */
export function orderOf(order: ProductOrder): SQL[] {
  const direction = order.direction === 'asc' ? asc : desc;
  return [direction(keyOf(order)), direction(products.id)];
}

/**
 * Where a page starts: the sort key (as text, so timestamps keep their microseconds) and id of
 * the row just before it.
 */
export interface PageAnchor {
  key: string;
  id: number;
}

/** Rows after an anchor in the sort order: a seek on the sort index instead of an offset. */
export function afterAnchor(order: ProductOrder, anchor: PageAnchor): SQL {
  const key =
    order.by === 'offerPrice' ? sql`${anchor.key}::integer` : sql`${anchor.key}::timestamptz`;
  const comparison = order.direction === 'asc' ? sql`>` : sql`<`;
  return sql`(${keyOf(order)}, ${products.id}) ${comparison} (${key}, ${anchor.id})`;
}

/**
 * The anchor of every `spacing` rows of a listing (rows spacing, 2·spacing, …), in one pass over
 * the sort index. Page 2,000 then seeks to the anchor before it and skips fewer than `spacing`
 * rows, instead of walking 50,000 (docs/performance.md).
 */
export async function pageAnchors(
  db: DbOrTx,
  where: SQL | undefined,
  order: ProductOrder,
  spacing: number,
): Promise<PageAnchor[]> {
  const numbered = db
    .select({
      key: sql<string>`${keyOf(order)}::text`.as('key'),
      id: products.id,
      n: sql<number>`row_number() over (order by ${sql.join(orderOf(order), sql`, `)})`.as('n'),
    })
    .from(products)
    .where(where)
    .as('numbered');
  return db
    .select({ key: numbered.key, id: numbered.id })
    .from(numbered)
    .where(sql`${numbered.n} % ${spacing} = 0`)
    .orderBy(numbered.n);
}

/**
 * One page of products with every column the listing shows. The page is chosen on the narrow sort
 * (or search) index first and only its rows are joined with names and first images, so skipped
 * rows cost one index entry each.
 */
export async function listPage(
  db: DbOrTx,
  options: {
    where: SQL | undefined;
    order: SQL[];
    limit: number;
    offset: number;
    /**
     * Walk the primary key newest first, testing each row, and stop at the page (`order` must be
     * id descending). The planner would not choose this by itself for a LIKE or a regular
     * expression it guesses rare (walkNewestFirst); reading from a subquery it cannot look into
     * ('offset 0'), whose order is the primary key's, leaves it no other plan. The subquery
     * takes the table's name, so the conditions apply to it unchanged.
     */
    walk?: boolean;
  },
) {
  const source = options.walk
    ? sql`(select * from ${products} order by ${products.id} desc offset 0) as ${products}`
    : products;
  const page = db
    .select({ pageId: sql<number>`${products.id}`.as('page_id') })
    .from(source)
    .where(options.where)
    .orderBy(...options.order)
    .limit(options.limit)
    .offset(options.offset)
    .as('page');
  return db
    .select(productColumns)
    .from(page)
    .innerJoin(products, eq(products.id, page.pageId))
    .innerJoin(divisions, eq(divisions.id, products.divisionId))
    .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .leftJoin(saltCompositions, eq(saltCompositions.id, products.saltCompositionId))
    .orderBy(...options.order);
}

export type ListedRow = Awaited<ReturnType<typeof listPage>>[number];

/** The rows of each condition among those matching `where` and any of them, in one pass. */
export async function countEach(
  db: DbOrTx,
  where: SQL | undefined,
  conditions: SQL[],
): Promise<number[]> {
  const [row] = await db
    .select({
      counts: sql<number[]>`array[${sql.join(
        conditions.map((condition) => sql`count(*) filter (where ${condition})::int`),
        sql`, `,
      )}]`,
    })
    .from(products)
    .where(and(where, or(...conditions)));
  return (row?.counts ?? []).map(Number);
}

export async function countProducts(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(where);
  return row?.n ?? 0;
}
