import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { couponRedemptions, coupons, type NewCouponRow } from '../../db/schema/index';

const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  description: coupons.description,
  kind: coupons.kind,
  percentOff: coupons.percentOff,
  amountOffMinor: coupons.amountOffMinor,
  maxDiscountMinor: coupons.maxDiscountMinor,
  minOrderMinor: coupons.minOrderMinor,
  startsAt: coupons.startsAt,
  endsAt: coupons.endsAt,
  usageLimit: coupons.usageLimit,
  perCustomerLimit: coupons.perCustomerLimit,
  timesUsed: coupons.timesUsed,
  divisionIds: coupons.divisionIds,
  productIds: coupons.productIds,
  excludePrescription: coupons.excludePrescription,
  isActive: coupons.isActive,
  createdAt: coupons.createdAt,
  updatedAt: coupons.updatedAt,
};

export type CouponRecord = Awaited<ReturnType<typeof findCoupon>> & object;

export type CouponWrite = Omit<NewCouponRow, 'id' | 'timesUsed' | 'createdAt' | 'updatedAt'>;

export async function listCoupons(db: DbOrTx, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(couponColumns)
      .from(coupons)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(coupons),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}

export async function findCoupon(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select(couponColumns).from(coupons).where(eq(coupons.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findCouponByCode(db: DbOrTx, code: string) {
  const [row] = await db.select(couponColumns).from(coupons).where(eq(coupons.code, code)).limit(1);
  return row;
}

export async function codeTaken(db: DbOrTx, code: string, exceptId?: number) {
  const rows = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(
      and(eq(coupons.code, code), exceptId === undefined ? undefined : ne(coupons.id, exceptId)),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertCoupon(tx: DbOrTx, values: CouponWrite) {
  const [row] = await tx.insert(coupons).values(values).returning({ id: coupons.id });
  return row?.id;
}

export async function updateCoupon(tx: DbOrTx, id: number, values: CouponWrite) {
  await tx.update(coupons).set(values).where(eq(coupons.id, id));
}

/**
 * Takes one use in a single conditional statement: however many shoppers apply the last use at
 * once, the row lock makes them queue here and only the first still finds room.
 */
export async function takeUse(tx: DbOrTx, id: number) {
  const rows = await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(
      and(
        eq(coupons.id, id),
        eq(coupons.isActive, true),
        sql`(${coupons.usageLimit} IS NULL OR ${coupons.timesUsed} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ timesUsed: coupons.timesUsed });
  return rows.length > 0;
}

export async function giveBackUse(tx: DbOrTx, id: number) {
  await tx
    .update(coupons)
    .set({ timesUsed: sql`greatest(${coupons.timesUsed} - 1, 0)` })
    .where(eq(coupons.id, id));
}

/** This member's redemptions of a coupon still holding a use, on orders other than this one. */
export async function usesByCustomer(
  db: DbOrTx,
  couponId: number,
  userId: number,
  exceptOrderId: number,
) {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.userId, userId),
        isNull(couponRedemptions.releasedAt),
        ne(couponRedemptions.orderId, exceptOrderId),
      ),
    );
  return row?.n ?? 0;
}

export async function activeRedemption(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      id: couponRedemptions.id,
      couponId: couponRedemptions.couponId,
      discountMinor: couponRedemptions.discountMinor,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .limit(1);
  return row;
}

/** The redemption an order holds with its coupon's terms, in one statement. */
export async function heldCoupon(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({ redemptionId: couponRedemptions.id, coupon: couponColumns })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .limit(1);
  return row;
}

export async function insertRedemption(
  tx: DbOrTx,
  values: { couponId: number; orderId: number; userId: number; discountMinor: number },
) {
  await tx.insert(couponRedemptions).values(values);
}

export async function setRedemptionDiscount(tx: DbOrTx, id: number, discountMinor: number) {
  await tx.update(couponRedemptions).set({ discountMinor }).where(eq(couponRedemptions.id, id));
}

export async function releaseRedemption(tx: DbOrTx, id: number, at: Date) {
  await tx.update(couponRedemptions).set({ releasedAt: at }).where(eq(couponRedemptions.id, id));
}
