import { randomBytes } from 'node:crypto';
import { ORDER_STATUS } from '@pharmacy/shared';
import type { Database } from '../../src/db/client';
import {
  coupons,
  loyaltyLedger,
  orderLines,
  orderStatusHistory,
  orders,
  type NewCouponRow,
} from '../../src/db/schema/index';

const DAY_MS = 86_400_000;

/** A coupon straight into the table (tests of the shopper's side); active since yesterday. */
export async function insertCoupon(db: Database, overrides: Partial<NewCouponRow> = {}) {
  const [row] = await db
    .insert(coupons)
    .values({
      code: `T${randomBytes(4).toString('hex').toUpperCase()}`,
      kind: 'percent',
      percentOff: 10,
      startsAt: new Date(Date.now() - DAY_MS),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no coupon');
  return row;
}

/** Points a member earned (an 'earned' ledger row expiring in a year). */
export async function givePoints(db: Database, userId: number, points: number) {
  await db.insert(loyaltyLedger).values({
    userId,
    kind: 'earned',
    points,
    expiresAt: new Date(Date.now() + 365 * DAY_MS),
  });
}

/**
 * An order of the member's at the Payment step with these lines, written directly (stock is not
 * reserved: for pricing tests that need many orders fast). The total is Σ price × units.
 */
export async function insertOrderAtPayment(
  db: Database,
  userId: number,
  lines: Array<{
    productId: number | null;
    unitPriceMinor: number;
    quantity?: number;
    prescription?: boolean;
  }>,
) {
  const total = lines.reduce((sum, line) => sum + line.unitPriceMinor * (line.quantity ?? 1), 0);
  const [order] = await db
    .insert(orders)
    .values({ userId, statusId: ORDER_STATUS.PAYMENT, totalOrderValueMinor: total })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  await db.insert(orderLines).values(
    lines.map((line, i) => ({
      orderId: order.id,
      productId: line.productId,
      productName: `Line ${i + 1}`,
      unitPriceMinor: line.unitPriceMinor,
      maximumRetailPriceMinor: line.unitPriceMinor,
      quantity: line.quantity ?? 1,
      prescription: line.prescription ?? false,
    })),
  );
  await db.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatusId: null,
    toStatusId: ORDER_STATUS.PAYMENT,
    changedByUserId: userId,
    note: 'fixture',
  });
  return order.id;
}
