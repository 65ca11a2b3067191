import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { ORDER_STATUS, ROLE } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { contactMessages, orderLines, orders, users } from '../../db/schema/index';

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

/** Orders placed in the instants, by the status they are in now. */
export function statusesOfPlaced(db: DbOrTx, range: Instants) {
  return db
    .select({ statusId: orders.statusId, orders: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(gte(orders.createdAt, range.from), lt(orders.createdAt, range.before)))
    .groupBy(orders.statusId);
}

export async function countContactMessages(db: DbOrTx, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(gte(contactMessages.createdAt, since));
  return row?.n ?? 0;
}

export interface TopProductRow {
  productId: number | null;
  name: string;
  units: number;
  revenueMinor: number;
  /** 1 for the most units sold. */
  unitsRank: number;
  /** 1 for the most revenue. */
  revenueRank: number;
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * The products among the `limit` best sellers by units or by revenue of the confirmed orders
 * placed in the instants: one aggregate, ranked both ways in the same statement. A deleted
 * product's lines (product_id null) are grouped by the name they were sold under; a product
 * renamed since shows the name of its latest order.
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
    with totals as (
      select ${orderLines.productId} as product_id,
        (array_agg(${orderLines.productName} order by ${orderLines.orderId} desc))[1] as name,
        sum(${orderLines.quantity})::bigint as units,
        sum(${orderLines.unitPriceMinor}::bigint * ${orderLines.quantity}) as revenue_minor
      from ${orderLines}
      join ${orders} on ${orders.id} = ${orderLines.orderId}
      where ${orders.createdAt} >= ${range.from.toISOString()}::timestamptz
        and ${orders.createdAt} < ${range.before.toISOString()}::timestamptz
        and ${orders.statusId} in (${statuses})
      group by ${orderLines.productId},
        case when ${orderLines.productId} is null then ${orderLines.productName} end
    ), ranked as (
      select *,
        row_number() over (order by units desc, revenue_minor desc, name) as units_rank,
        row_number() over (order by revenue_minor desc, units desc, name) as revenue_rank
      from totals
    )
    select product_id, name, units::text as units, revenue_minor::text as revenue_minor,
      units_rank::int as units_rank, revenue_rank::int as revenue_rank
    from ranked
    where units_rank <= ${limit} or revenue_rank <= ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    productId: row.product_id === null ? null : Number(row.product_id),
    name: String(row.name),
    units: Number(row.units),
    revenueMinor: Number(row.revenue_minor),
    unitsRank: Number(row.units_rank),
    revenueRank: Number(row.revenue_rank),
  }));
}
