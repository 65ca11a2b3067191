import {
  LOYALTY_EXPIRY_NOTICE_DAYS,
  LOYALTY_HISTORY_PAGE_SIZE,
  pointsEarned,
  pointsExpiryDate,
  pointsToExpire,
  pointsToReverse,
  pointsValueMinor,
  type LoyaltyEntry,
  type LoyaltyPolicy,
  type LoyaltySummary,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError } from '../../lib/errors';
import type { JobQueue } from '../jobs/job-queue';
import * as repository from './loyalty.repository';

export const LOYALTY_EXPIRY_QUEUE = 'loyalty-expiry';
/** Daily, shortly after midnight UTC: lots lapse by the day, so once a day is enough. */
export const LOYALTY_EXPIRY_CRON = '5 0 * * *';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DeliveredOrder {
  orderId: number;
  userId: number;
  /** What the customer paid for the order (after coupon and points), in paise. */
  paidMinor: number;
}

/**
 * Loyalty points (issue 19 item 3): a ledger, never a stored balance. A delivered order earns
 * points that lapse after `expiryMonths`; points are spent on an order at the payment step
 * (redeemForOrder, called by the checkout in its transaction) and given back if that order is
 * cancelled; refunds take back the points the refunded money earned. Every function taking a
 * `tx` writes in the caller's transaction, so points move with the change that moves them.
 */
export function createLoyaltyService(deps: {
  db: Database;
  jobs?: JobQueue;
  policy: LoyaltyPolicy;
  now?: () => Date;
}) {
  const { db, policy } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** Writes the member's lapsed points off; the member must be locked by the caller. */
  async function expireMember(tx: DbOrTx, userId: number, at: Date): Promise<number> {
    const [figures] = await repository.expiryFigures(tx, at, userId);
    if (!figures) return 0;
    const points = pointsToExpire(figures);
    if (points <= 0) return 0;
    await repository.insertRow(tx, { userId, kind: 'expired', points: -points, createdAt: at });
    return points;
  }

  /**
   * Locks the member (until `tx` ends), writes off lapsed points and answers the balance that may
   * be spent: what a caller checks a redemption against before `redeemForOrder` with
   * `lockedBalance`, in the same transaction, without reading it all a second time.
   */
  async function lockedBalance(tx: DbOrTx, userId: number): Promise<number> {
    await repository.lockMember(tx, userId);
    const at = now();
    const { balance, lapsed } = await repository.balanceAndLapse(tx, userId, at);
    if (!lapsed) return balance;
    return balance - (await expireMember(tx, userId, at));
  }

  /** Takes back up to `points` of an order's earning, never below a zero balance. */
  async function reverseEarning(tx: DbOrTx, userId: number, orderId: number, points: number) {
    if (points <= 0) return 0;
    const capped = Math.min(points, await repository.balance(tx, userId));
    if (capped <= 0) return 0;
    await repository.insertRow(tx, {
      userId,
      kind: 'reversed',
      reverses: 'earned',
      points: -capped,
      orderId,
    });
    return capped;
  }

  async function releaseRedemption(tx: DbOrTx, orderId: number): Promise<number> {
    let released = 0;
    for (const held of await repository.orderPoints(tx, orderId)) {
      if (held.redeemedHeld <= 0) continue;
      await repository.insertRow(tx, {
        userId: held.userId,
        kind: 'reversed',
        reverses: 'redeemed',
        points: held.redeemedHeld,
        orderId,
      });
      released += held.redeemedHeld;
    }
    return released;
  }

  /** Every member with lapsed points, one short transaction each (the member locked). */
  async function expireDue(at: Date = now()): Promise<number> {
    let expired = 0;
    for (const { userId } of await repository.expiryFigures(db, at)) {
      expired += await db.transaction(async (tx) => {
        if (!(await repository.lockMember(tx, userId))) return 0;
        return expireMember(tx, userId, at);
      });
    }
    return expired;
  }

  deps.jobs?.work(LOYALTY_EXPIRY_QUEUE, async () => {
    await expireDue();
  });

  /** Points of each lot left after FIFO spending and expiry, lapsing within the notice window. */
  async function expiringSoon(userId: number, at: Date) {
    const [lots, used] = await Promise.all([
      repository.earnedLots(db, userId),
      repository.consumed(db, userId),
    ]);
    const until = at.getTime() + LOYALTY_EXPIRY_NOTICE_DAYS * DAY_MS;
    const byDate = new Map<string, number>();
    let toCover = used;
    for (const lot of lots) {
      const covered = Math.min(Math.max(lot.net, 0), toCover);
      toCover -= covered;
      const left = lot.net - covered;
      const time = lot.expiresAt.getTime();
      if (left <= 0 || time <= at.getTime() || time > until) continue;
      const key = lot.expiresAt.toISOString();
      byDate.set(key, (byDate.get(key) ?? 0) + left);
    }
    return [...byDate].map(([expiresAt, points]) => ({ points, expiresAt }));
  }

  return {
    policy,
    expireDue,
    releaseRedemption,

    memberExists(userId: number): Promise<boolean> {
      return repository.memberExists(db, userId);
    },

    balance(tx: DbOrTx, userId: number): Promise<number> {
      return repository.balance(tx, userId);
    },

    lockedBalance,

    /**
     * Spends `points` of the member's balance on an order. The member's row is locked first, so a
     * second redemption in another transaction waits and then sees this one: the same points are
     * never spent twice. Lapsed points are written off first, so they cannot be spent.
     */
    async redeemForOrder(
      tx: DbOrTx,
      input: {
        userId: number;
        orderId: number;
        points: number;
        /** The balance from `lockedBalance` in this same transaction (plus points given back since). */
        lockedBalance?: number;
      },
    ): Promise<void> {
      if (!Number.isSafeInteger(input.points) || input.points < 0)
        throw new BadRequestError('Choose a whole number of points to use.');
      if (input.points === 0) return;
      const balance = input.lockedBalance ?? (await lockedBalance(tx, input.userId));
      if (balance < input.points)
        throw new ConflictError(
          balance === 0
            ? 'You have no points to use.'
            : `You have only ${balance} ${balance === 1 ? 'point' : 'points'}.`,
        );
      await repository.insertRow(tx, {
        userId: input.userId,
        kind: 'redeemed',
        points: -input.points,
        orderId: input.orderId,
      });
    },

    /** Credits a delivered order's points once, however often its delivery is reported. */
    async onOrderDelivered(tx: DbOrTx, order: DeliveredOrder): Promise<number> {
      const points = pointsEarned(order.paidMinor, policy);
      if (points <= 0) return 0;
      const creditedAt = now();
      const inserted = await repository.insertEarned(tx, {
        userId: order.userId,
        kind: 'earned',
        points,
        orderId: order.orderId,
        expiresAt: pointsExpiryDate(creditedAt, policy.expiryMonths),
        createdAt: creditedAt,
      });
      return inserted ? points : 0;
    },

    /** A cancelled order gives back the points spent on it and loses what it earned. */
    async onOrderCancelled(
      tx: DbOrTx,
      order: { orderId: number; userId: number },
    ): Promise<{ released: number; reversed: number }> {
      await repository.lockMember(tx, order.userId);
      const released = await releaseRedemption(tx, order.orderId);
      const mine = (await repository.orderPoints(tx, order.orderId)).find(
        (row) => row.userId === order.userId,
      );
      const reversed = mine
        ? await reverseEarning(tx, order.userId, order.orderId, mine.earned - mine.earnedReversed)
        : 0;
      return { released, reversed };
    },

    /**
     * A refund takes back the order's earned points in proportion to the money refunded so far
     * (`refundedMinorAfter` includes this refund), capped at the balance.
     */
    async onRefunded(
      tx: DbOrTx,
      input: { orderId: number; userId: number; paidMinor: number; refundedMinorAfter: number },
    ): Promise<number> {
      await repository.lockMember(tx, input.userId);
      const mine = (await repository.orderPoints(tx, input.orderId)).find(
        (row) => row.userId === input.userId,
      );
      if (!mine || mine.earned <= 0) return 0;
      const due = pointsToReverse(
        mine.earned,
        mine.earnedReversed,
        input.paidMinor,
        input.refundedMinorAfter,
      );
      return reverseEarning(tx, input.userId, input.orderId, due);
    },

    /** The Rewards page: balance, points lapsing soon, a page of history, the programme. */
    async summary(userId: number, page = 1): Promise<LoyaltySummary> {
      const at = now();
      const pageSize = LOYALTY_HISTORY_PAGE_SIZE;
      const [balance, soon, listed] = await Promise.all([
        repository.balance(db, userId),
        expiringSoon(userId, at),
        repository.history(db, userId, page, pageSize),
      ]);
      const history: LoyaltyEntry[] = listed.rows.map((row) => ({
        id: row.id,
        kind: row.kind as LoyaltyEntry['kind'],
        reverses: (row.reverses as LoyaltyEntry['reverses']) ?? null,
        points: row.points,
        orderId: row.orderId,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.kind === 'earned' && row.expiresAt ? row.expiresAt.toISOString() : null,
      }));
      return {
        userId,
        balance,
        balanceValueMinor: pointsValueMinor(Math.max(balance, 0), policy),
        expiringSoon: soon,
        history,
        pagination: {
          page,
          pageSize,
          rowCount: listed.rowCount,
          pageCount: Math.ceil(listed.rowCount / pageSize),
        },
        policy,
      };
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
