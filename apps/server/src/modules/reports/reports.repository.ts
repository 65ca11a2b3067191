import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, users } from '../../db/schema/index';

/** Reads of the back-office reports (issue 18). */

/**
 * Where the next page starts: the last order read. The time is PostgreSQL's own text of
 * `created_at`, not a JavaScript Date, which would drop the microseconds and could skip or
 * repeat an order on the page boundary.
 */
export interface OrderExportCursor {
  createdAt: string;
  id: number;
}

/**
 * One page of orders created on the UTC days `from` to `to` (yyyy-MM-dd, both included), oldest
 * first, each with its lines (an order
 * without lines still gives one row, with the line's fields null). One statement, so an order
 * and its lines are read from the same snapshot; the page of orders comes from the
 * (created_at, id) index and continues after `after` (keyset, not OFFSET).
 */
export function orderExportPage(
  db: DbOrTx,
  days: { from: string; to: string },
  after: OrderExportCursor | undefined,
  limit: number,
) {
  const page = db.$with('export_page').as(
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        cursorAt: sql<string>`${orders.createdAt}::text`.as('cursor_at'),
        // ISO 8601 in UTC to the millisecond, written by PostgreSQL so both drivers give the
        // same text, and the day's last microsecond stays on that day (truncated, not rounded).
        orderedAt:
          sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
            'ordered_at',
          ),
        userId: orders.userId,
        statusId: orders.statusId,
        totalOrderValueMinor: orders.totalOrderValueMinor,
        paymentNote: orders.paymentNote,
        city: sql<string | null>`${orders.shippingAddress} ->> 'city'`.as('city'),
        state: sql<string | null>`${orders.shippingAddress} ->> 'state'`.as('state'),
        pinCode: sql<string | null>`${orders.shippingAddress} ->> 'pinCode'`.as('pin_code'),
      })
      .from(orders)
      .where(
        and(
          // The day arithmetic is PostgreSQL's: the day after 9999-12-31 is no problem there.
          sql`${orders.createdAt} >= (${days.from}::date)::timestamp at time zone 'UTC'`,
          sql`${orders.createdAt} < (${days.to}::date + 1)::timestamp at time zone 'UTC'`,
          after
            ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(limit),
  );
  return db
    .with(page)
    .select({
      orderId: page.id,
      orderedAt: page.orderedAt,
      cursorAt: page.cursorAt,
      statusId: page.statusId,
      totalOrderValueMinor: page.totalOrderValueMinor,
      paymentNote: page.paymentNote,
      city: page.city,
      state: page.state,
      pinCode: page.pinCode,
      customerName: users.name,
      customerEmail: users.email,
      productId: orderLines.productId,
      productName: orderLines.productName,
      units: orderLines.quantity,
      unitPriceMinor: orderLines.unitPriceMinor,
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.userId))
    .leftJoin(orderLines, eq(orderLines.orderId, page.id))
    .orderBy(asc(page.createdAt), asc(page.id), asc(orderLines.id));
}

export type OrderExportRow = Awaited<ReturnType<typeof orderExportPage>>[number];
