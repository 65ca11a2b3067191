import {
  ORDER_NOT_FOUND,
  ORDER_STATUS,
  evaluateCoupon,
  fromMinorUnits,
  pointsRedemptionBlock,
  type LoyaltyPolicy,
  type OrderPricing,
  can,
} from '@pharmacy/shared';
import { beforeCommit } from '../../db/before-commit';
import type { Database, DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import { couponTerms, type CouponsService, type HeldCoupon } from '../coupons/coupons.service';
import type { LoyaltyService } from '../loyalty/loyalty.service';
import {
  couponLineDiscounts,
  maxPointsFor,
  payableAfterCoupon,
  reprice,
  type Repriced,
} from './order-pricing';
import * as repository from './promotions.repository';

export const NOT_WAITING_FOR_PAYMENT = 'This order is not waiting for payment.';
export const ALREADY_PAID = 'This order has been paid; its discounts can no longer change.';
export const unknownCode = (code: string) => `There is no coupon with the code ${code}.`;
export const usedUp = (code: string) =>
  `The code ${code} has been used as many times as it can be.`;

type Loyalty = Pick<
  LoyaltyService,
  'redeemForOrder' | 'releaseRedemption' | 'balance' | 'lockedBalance'
>;

/** What promotions does with coupons, each in its transaction (the coupons module's service). */
type Coupons = Pick<
  CouponsService,
  | 'heldCoupon'
  | 'couponForOrder'
  | 'takeUse'
  | 'recordRedemption'
  | 'releaseRedemption'
  | 'releaseOrderRedemption'
>;

/**
 * Issue 19: a coupon and loyalty points on an order waiting for payment. The server reprices the
 * order every time (never a client total): the coupon's discount on the lines it covers, then
 * the points over every line, each line's share in order_lines.discount_minor and the total
 * exactly Σ(gross − discount). Coupon uses and points move in the same transaction, and the
 * answer is computed there too (no second round of reads after it).
 */
export function createPromotionsService(deps: {
  db: Database;
  loyalty: Loyalty;
  coupons: Coupons;
  policy: LoyaltyPolicy;
  now?: (() => Date) | undefined;
}) {
  const { db, loyalty, coupons, policy } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** The owner's order, locked, still open to discounts; another member's order is not found. */
  async function editableOrder(tx: DbOrTx, session: Session, orderId: number) {
    const order = await repository.orderFigures(tx, orderId, true);
    if (!order || order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);
    if (order.statusId !== ORDER_STATUS.PAYMENT) throw new ConflictError(NOT_WAITING_FOR_PAYMENT);
    if (order.paid) throw new ConflictError(ALREADY_PAID);
    return order;
  }

  async function releaseCoupon(tx: DbOrTx, redemptionId: number, couponId: number) {
    await coupons.releaseRedemption(tx, { redemptionId, couponId }, now());
  }

  /** The lines and the coupon's shares of them as the order holds them now. */
  async function currentShares(tx: DbOrTx, order: repository.OrderFigures) {
    const lines = await repository.pricedLines(tx, order.id);
    // An order without a coupon code holds no redemption (both are written together).
    const held = order.couponCode === null ? undefined : await coupons.heldCoupon(tx, order.id);
    const shares = couponLineDiscounts(
      lines,
      held ? couponTerms(held.coupon) : null,
      order.couponDiscountMinor,
    );
    return { lines, held, shares };
  }

  const toPricing = (
    orderId: number,
    editable: boolean,
    priced: Repriced,
    couponCode: string | null,
    balance: number,
    maxForOrder: number,
  ): OrderPricing => ({
    orderId,
    editable,
    subtotal: fromMinorUnits(priced.subtotalMinor),
    coupon:
      couponCode === null
        ? null
        : { code: couponCode, discount: fromMinorUnits(priced.couponDiscountMinor) },
    points: {
      redeemed: priced.pointsRedeemed,
      discount: fromMinorUnits(priced.pointsDiscountMinor),
      balance,
      maxForOrder,
      pointValue: fromMinorUnits(policy.pointValueMinor),
    },
    total: fromMinorUnits(priced.totalMinor),
  });

  /**
   * Writes the order's figures and answers its pricing. `held` points are on the order now;
   * `available` is what the member could put on it (balance + held), read here when not given.
   * Points above what the order may now take (a coupon lowered the payable amount) are lowered:
   * the held redemption is given back and the allowed number spent.
   */
  async function settle(
    tx: DbOrTx,
    order: repository.OrderFigures,
    lines: repository.PricedLine[],
    coupon: { code: string; shares: number[] } | null,
    points: { held: number; available?: number },
  ): Promise<OrderPricing> {
    const shares = coupon?.shares ?? lines.map(() => 0);
    const available = points.available ?? (await loyalty.balance(tx, order.userId)) + points.held;
    const max = maxPointsFor(available, lines, shares, policy);
    let held = points.held;
    if (held > max) {
      await loyalty.releaseRedemption(tx, order.id);
      if (max > 0)
        await loyalty.redeemForOrder(tx, { userId: order.userId, orderId: order.id, points: max });
      held = max;
    }
    const priced = reprice(lines, shares, held, policy);
    await repository.writePricing(
      tx,
      order.id,
      {
        couponCode: coupon?.code ?? null,
        couponDiscountMinor: priced.couponDiscountMinor,
        pointsRedeemed: priced.pointsRedeemed,
        pointsDiscountMinor: priced.pointsDiscountMinor,
        totalOrderValueMinor: priced.totalMinor,
      },
      priced.lineDiscounts,
    );
    return toPricing(order.id, true, priced, coupon?.code ?? null, available - held, max);
  }

  /**
   * The coupon `code` on the order: kept when it is the one held, otherwise checked by the
   * shared evaluateCoupon and a use taken with one conditional UPDATE (a usage limit holds
   * however many shoppers apply the last use at once), the coupon held before given back.
   */
  async function takeCoupon(
    tx: DbOrTx,
    order: repository.OrderFigures,
    lines: repository.PricedLine[],
    held: HeldCoupon | undefined,
    heldShares: number[],
    code: string,
  ): Promise<{ code: string; shares: number[] }> {
    if (held && held.coupon.code === code) return { code, shares: heldShares };
    // A per-customer limit is counted across this member's orders (read under the coupon's row
    // lock by couponForOrder, so two tabs cannot both take the last personal use).
    const found = await coupons.couponForOrder(tx, code, {
      userId: order.userId,
      orderId: order.id,
    });
    if (!found) throw new BadRequestError(unknownCode(code));
    const { coupon, usesByCustomer } = found;
    const result = evaluateCoupon(couponTerms(coupon), lines, { now: now(), usesByCustomer });
    if (!result.ok) throw new ConflictError(result.reason);
    if (held) await releaseCoupon(tx, held.redemptionId, held.coupon.id);
    // Every shopper using this coupon updates its one row, and the row stays locked until the
    // transaction ends: taken just before the commit, it is held for that moment only (a
    // failure still rolls everything back with the sentence).
    const takeUse = async () => {
      if (!(await coupons.takeUse(tx, coupon.id))) throw new ConflictError(usedUp(coupon.code));
    };
    if (!beforeCommit(tx, takeUse)) await takeUse();
    await coupons.recordRedemption(tx, {
      couponId: coupon.id,
      orderId: order.id,
      userId: order.userId,
      discountMinor: result.discountMinor,
    });
    return { code: coupon.code, shares: result.lineDiscountsMinor };
  }

  /**
   * Puts exactly `points` on the order (0: none) against the member's locked balance and the cap
   * after the coupon (400/409 with the shared sentence); the ledger moves only when the number
   * changes. Answers what the member could put on it (balance + what the order held).
   */
  async function spendPoints(
    tx: DbOrTx,
    order: repository.OrderFigures,
    lines: repository.PricedLine[],
    couponShares: number[],
    points: number,
  ): Promise<number> {
    const available = (await loyalty.lockedBalance(tx, order.userId)) + order.pointsRedeemed;
    if (points > 0) {
      const block = pointsRedemptionBlock(
        points,
        available,
        payableAfterCoupon(lines, couponShares),
        policy,
      );
      if (block) throw points > available ? new ConflictError(block) : new BadRequestError(block);
    }
    if (points !== order.pointsRedeemed) {
      if (order.pointsRedeemed > 0) await loyalty.releaseRedemption(tx, order.id);
      await loyalty.redeemForOrder(tx, {
        userId: order.userId,
        orderId: order.id,
        points,
        lockedBalance: available,
      });
    }
    return available;
  }

  const couponOf = (order: repository.OrderFigures, shares: number[]) =>
    order.couponCode === null ? null : { code: order.couponCode, shares };

  return {
    /** What the payment step shows (the admin may read it too). */
    async pricing(session: Session, orderId: number): Promise<OrderPricing> {
      const order = await repository.orderFigures(db, orderId);
      const admin = can(session.roleId, 'money.view');
      if (!order || (!admin && order.userId !== session.userId))
        throw new NotFoundError(ORDER_NOT_FOUND);
      const [{ lines, shares }, balance] = await Promise.all([
        currentShares(db, order),
        loyalty.balance(db, order.userId),
      ]);
      const priced = reprice(lines, shares, order.pointsRedeemed, policy);
      return toPricing(
        orderId,
        order.statusId === ORDER_STATUS.PAYMENT && !order.paid,
        // The stored figures are what the order is charged; recomputing them gives the same.
        {
          ...priced,
          couponDiscountMinor: order.couponDiscountMinor,
          pointsDiscountMinor: order.pointsDiscountMinor,
          totalMinor: order.totalOrderValueMinor,
        },
        order.couponCode,
        balance,
        maxPointsFor(balance + order.pointsRedeemed, lines, shares, policy),
      );
    },

    /**
     * Applies one coupon (replacing the one held). Every condition is checked by the shared
     * evaluateCoupon; the use is then taken with one conditional UPDATE, so a usage limit holds
     * however many shoppers apply the last use at once.
     */
    async applyCoupon(session: Session, orderId: number, code: string): Promise<OrderPricing> {
      return db.transaction(async (tx) => {
        const order = await editableOrder(tx, session, orderId);
        const { lines, held, shares } = await currentShares(tx, order);
        const coupon = await takeCoupon(tx, order, lines, held, shares, code);
        return settle(tx, order, lines, coupon, { held: order.pointsRedeemed });
      });
    },

    async removeCoupon(session: Session, orderId: number): Promise<OrderPricing> {
      return db.transaction(async (tx) => {
        const order = await editableOrder(tx, session, orderId);
        const { lines, held } = await currentShares(tx, order);
        if (held) await releaseCoupon(tx, held.redemptionId, held.coupon.id);
        return settle(tx, order, lines, null, { held: order.pointsRedeemed });
      });
    },

    /** Spends `points` on the order, replacing what it held; checked against balance and cap. */
    async applyPoints(session: Session, orderId: number, points: number): Promise<OrderPricing> {
      return db.transaction(async (tx) => {
        const order = await editableOrder(tx, session, orderId);
        const { lines, shares } = await currentShares(tx, order);
        const available = await spendPoints(tx, order, lines, shares, points);
        return settle(tx, order, lines, couponOf(order, shares), { held: points, available });
      });
    },

    async removePoints(session: Session, orderId: number): Promise<OrderPricing> {
      return db.transaction(async (tx) => {
        const order = await editableOrder(tx, session, orderId);
        const { lines, shares } = await currentShares(tx, order);
        const available = await spendPoints(tx, order, lines, shares, 0);
        return settle(tx, order, lines, couponOf(order, shares), { held: 0, available });
      });
    },

    /**
     * Sets the order's discounts to exactly `couponCode` and `points` in one transaction (PUT:
     * sending the same state again changes nothing, not even the points ledger). What the payment
     * step sends, so a shopper using both pays one round trip for them.
     */
    async setDiscounts(
      session: Session,
      orderId: number,
      wanted: { couponCode: string | null; points: number },
    ): Promise<OrderPricing> {
      return db.transaction(async (tx) => {
        const order = await editableOrder(tx, session, orderId);
        const { lines, held, shares } = await currentShares(tx, order);
        let coupon: { code: string; shares: number[] } | null = null;
        if (wanted.couponCode !== null)
          coupon = await takeCoupon(tx, order, lines, held, shares, wanted.couponCode);
        else if (held) await releaseCoupon(tx, held.redemptionId, held.coupon.id);
        const couponShares = coupon?.shares ?? lines.map(() => 0);
        if (wanted.points === 0 && order.pointsRedeemed === 0)
          return settle(tx, order, lines, coupon, { held: 0 });
        const available = await spendPoints(tx, order, lines, couponShares, wanted.points);
        return settle(tx, order, lines, coupon, { held: wanted.points, available });
      });
    },

    /**
     * Called by cancellation inside its transaction: the order's coupon use is given back (the
     * order keeps its figures, which are what was paid). Points are the loyalty module's hook.
     */
    async onOrderCancelled(tx: DbOrTx, input: { orderId: number }): Promise<void> {
      await coupons.releaseOrderRedemption(tx, input.orderId, now());
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
