import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, products } from '../../db/schema/index';

const figureColumns = {
  id: orders.id,
  userId: orders.userId,
  statusId: orders.statusId,
  totalOrderValueMinor: orders.totalOrderValueMinor,
  couponCode: orders.couponCode,
  couponDiscountMinor: orders.couponDiscountMinor,
  pointsRedeemed: orders.pointsRedeemed,
  pointsDiscountMinor: orders.pointsDiscountMinor,
  /** A card payment that went through, or cash on delivery chosen: the price is settled. */
  // Written out: in a one-table select drizzle leaves orders.id unqualified, and inside the
  // subquery a bare "id" would be the payment's.
  paid: sql<boolean>`exists (select 1 from payments p where p.order_id = "orders"."id" and p.status in ('succeeded', 'pending'))`,
};

/** The order's discount figures; locked when it is about to be repriced. */
export async function orderFigures(db: DbOrTx, orderId: number, forUpdate = false) {
  const query = db.select(figureColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}
export type OrderFigures = NonNullable<Awaited<ReturnType<typeof orderFigures>>>;

/** The lines as the coupon rules see them (division from the product as it is now). */
export function pricedLines(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      divisionId: products.divisionId,
      prescription: orderLines.prescription,
      grossMinor: sql<number>`(${orderLines.unitPriceMinor} * ${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
}
export type PricedLine = Awaited<ReturnType<typeof pricedLines>>[number];

export async function writePricing(
  tx: DbOrTx,
  orderId: number,
  figures: {
    couponCode: string | null;
    couponDiscountMinor: number;
    pointsRedeemed: number;
    pointsDiscountMinor: number;
    totalOrderValueMinor: number;
  },
  lineDiscounts: ReadonlyArray<{ id: number; discountMinor: number }>,
) {
  await tx.update(orders).set(figures).where(eq(orders.id, orderId));
  if (lineDiscounts.length === 0) return;
  // One statement for every line, however many the order has.
  const values = sql.join(
    lineDiscounts.map((line) => sql`(${line.id}::int, ${line.discountMinor}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${orderLines} set discount_minor = v.discount from (values ${values}) as v(id, discount) where ${orderLines.id} = v.id and ${orderLines.orderId} = ${orderId}`,
  );
}
