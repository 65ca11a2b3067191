import { and, count, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_STATUS,
  ROLE,
  dispatchQueueFilter,
  type DispatchQueueFilter,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, users } from '../../db/schema/index';

/**
 * Reads of the operations dashboard (issue 18). Each is a range query over an index on
 * `created_at` (or on status), so its cost follows the orders of the period asked for, never
 * the whole history (docs/decisions, the dashboard's ADR).
 */

export interface Instants {
  from: Date;
  before: Date;
}

/** The shop's day (India, UTC+05:30, no daylight saving) of a timestamptz, as yyyy-MM-dd text. */
const shopDayOf = (column: typeof orders.createdAt | typeof users.createdAt) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

/** Orders placed in the instants, per shop day: confirmed ones, their value, cancelled ones. */
export function ordersPerDay(db: DbOrTx, range: Instants, confirmed: readonly number[]) {
  const day = shopDayOf(orders.createdAt);
  const isConfirmed = inArray(orders.statusId, [...confirmed]);
  return db
    .select({
      day,
      orders: sql<number>`(count(*) filter (where ${isConfirmed}))::int`,
      revenueMinor: sql<string>`coalesce(sum(${orders.totalOrderValueMinor}::bigint) filter (where ${isConfirmed}), 0)::text`,
      cancelledOrders: sql<number>`(count(*) filter (where ${orders.statusId} = ${ORDER_STATUS.CANCELLED}))::int`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, range.from), lt(orders.createdAt, range.before)))
    .groupBy(day);
}

/** Customer accounts (not admins) opened in the instants, per shop day. */
export function newCustomersPerDay(db: DbOrTx, range: Instants) {
  const day = shopDayOf(users.createdAt);
  return db
    .select({ day, customers: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.roleId, ROLE.MEMBER),
        gte(users.createdAt, range.from),
        lt(users.createdAt, range.before),
      ),
    )
    .groupBy(day);
}

/** Orders now in each of `statusIds` (the status index answers it without touching the rest). */
export function countByStatus(db: DbOrTx, statusIds: readonly number[]) {
  return db
    .select({ statusId: orders.statusId, orders: sql<number>`count(*)::int` })
    .from(orders)
    .where(inArray(orders.statusId, [...statusIds]))
    .groupBy(orders.statusId);
}

/** Orders in one of the open statuses whose expected delivery day is before `today`. */
export async function countOverdue(db: DbOrTx, openStatusIds: readonly number[], today: string) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(inArray(orders.statusId, [...openStatusIds]), lt(orders.expectedDeliveryDate, today)),
    );
  return row?.n ?? 0;
}

/** The orders of one dispatch queue (rules/dashboard), as a condition. */
function inDispatchQueue(filter: DispatchQueueFilter): SQL {
  const conditions = [
    inArray(orders.statusId, [...filter.statusIds]),
    lt(orders.expectedDeliveryDate, filter.expectedBefore),
  ];
  if (filter.expectedFrom) conditions.push(gte(orders.expectedDeliveryDate, filter.expectedFrom));
  return and(...conditions) as SQL;
}

/**
 * Issue 29 point 5: the dispatch desk's Due today and Late on `today` (India), in one statement.
 * Both queues hold only confirmed orders not yet delivered (a few days' worth, found through the
 * status index), so the statement never reads the Delivered and Cancelled history.
 */
export async function countDispatchQueues(db: DbOrTx, today: string) {
  const dueToday = inDispatchQueue(dispatchQueueFilter('dueToday', today));
  const late = inDispatchQueue(dispatchQueueFilter('late', today));
  const [row] = await db
    .select({
      dueToday: sql<number>`(count(*) filter (where ${dueToday}))::int`,
      late: sql<number>`(count(*) filter (where ${late}))::int`,
    })
    .from(orders)
    .where(or(dueToday, late));
  return { dueToday: row?.dueToday ?? 0, late: row?.late ?? 0 };
}

/**
 * The day in India of `delivered_at`, as a date, for comparing with the promised day; the same
 * reading as rules/dashboard deliveredOnTime (18:29 UTC is that day in India, 18:31 UTC the next).
 */
const deliveredShopDate = sql`((${orders.deliveredAt} at time zone 'UTC') + interval '330 minutes')::date`;

/**
 * Issue 29 point 5: orders delivered in the instants that had a promised date, per shop day of
 * their delivery, and how many of them arrived on or before that date. `delivered_at` is set only
 * when an order moves to Delivered, which is final.
 */
export function deliveriesPerDay(db: DbOrTx, range: Instants) {
  const day = sql<string>`to_char(${deliveredShopDate}, 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      delivered: sql<number>`count(*)::int`,
      onTime: sql<number>`(count(*) filter (where ${deliveredShopDate} <= ${orders.expectedDeliveryDate}))::int`,
    })
    .from(orders)
    .where(
      and(
        gte(orders.deliveredAt, range.from),
        lt(orders.deliveredAt, range.before),
        isNotNull(orders.expectedDeliveryDate),
      ),
    )
    .groupBy(day);
}

/** Orders placed in the instants, by the status they are in now. */
export function statusesOfPlaced(db: DbOrTx, range: Instants) {
  return db
    .select({ statusId: orders.statusId, orders: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(gte(orders.createdAt, range.from), lt(orders.createdAt, range.before)))
    .groupBy(orders.statusId);
}

export interface TopProductRow {
  ranking: 'units' | 'revenue';
  productId: number | null;
  name: string;
  units: number;
  revenueMinor: number;
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * The `limit` best sellers of the confirmed orders placed in the instants, by units and by
 * revenue, in one statement: the period's orders come from orders_created_at_status_total_idx
 * and their lines from order_lines_order_product_sales_idx, both without visiting the tables; the
 * lines are summed per product (a hash aggregate, no sort of every product), each ranking keeps
 * its top rows and only those look up their name (the latest line's). A deleted product's lines
 * (product_id null, rare) are grouped by the name they were sold under.
 */
export async function topProducts(
  db: DbOrTx,
  range: Instants,
  confirmed: readonly number[],
  limit: number,
): Promise<TopProductRow[]> {
  const statuses = sql.join(
    confirmed.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with placed as materialized (
      select o.id from ${orders} o
      where o.created_at >= ${range.from.toISOString()}::timestamptz
        and o.created_at < ${range.before.toISOString()}::timestamptz
        and o.status_id in (${statuses})
    ), totals as materialized (
      select l.product_id, null::varchar as lost_name,
        sum(l.quantity)::bigint as units,
        sum(l.unit_price_minor::bigint * l.quantity) as revenue_minor
      from placed join ${orderLines} l on l.order_id = placed.id
      where l.product_id is not null
      group by l.product_id
      union all
      select null, l.product_name,
        sum(l.quantity)::bigint,
        sum(l.unit_price_minor::bigint * l.quantity)
      from placed join ${orderLines} l on l.order_id = placed.id
      where l.product_id is null
      group by l.product_name
    ), top as (
      (select 'units' as ranking, * from totals
        order by units desc, revenue_minor desc, product_id, lost_name limit ${limit})
      union all
      (select 'revenue' as ranking, * from totals
        order by revenue_minor desc, units desc, product_id, lost_name limit ${limit})
    )
    select top.ranking, top.product_id,
      coalesce(top.lost_name, (
        select named.product_name from ${orderLines} named
        where named.product_id = top.product_id
        order by named.order_id desc limit 1
      )) as name,
      top.units::text as units, top.revenue_minor::text as revenue_minor
    from top`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    ranking: row.ranking === 'units' ? 'units' : 'revenue',
    productId: row.product_id === null ? null : Number(row.product_id),
    name: String(row.name),
    units: Number(row.units),
    revenueMinor: Number(row.revenue_minor),
  }));
}
