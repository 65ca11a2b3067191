import {
  COUPON_PAGE_SIZE,
  couponInputOf,
  fromMinorUnits,
  toMinorUnits,
  type Coupon,
  type CouponInputParsed,
  type CouponListQuery,
  type CouponListResponse,
  type CouponTerms,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './coupons.repository';

export const NO_COUPON = 'No coupon found.';
export const codeTakenMessage = (code: string) => `The code ${code} is taken by another coupon.`;

const minorOrNull = (rupees: number | null) => (rupees === null ? null : toMinorUnits(rupees));
const rupeesOrNull = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor));

export function toCoupon(row: repository.CouponRecord): Coupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind === 'fixed' ? 'fixed' : 'percent',
    percentOff: row.percentOff,
    amountOff: rupeesOrNull(row.amountOffMinor),
    maxDiscount: rupeesOrNull(row.maxDiscountMinor),
    minOrderValue: fromMinorUnits(row.minOrderMinor),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    timesUsed: row.timesUsed,
    divisionIds: row.divisionIds,
    productIds: row.productIds,
    excludePrescription: row.excludePrescription,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The shared rules' view of a coupon row (evaluateCoupon). */
export function couponTerms(row: repository.CouponRecord): CouponTerms {
  return {
    code: row.code,
    kind: row.kind === 'fixed' ? 'fixed' : 'percent',
    percentOff: row.percentOff,
    amountOffMinor: row.amountOffMinor,
    maxDiscountMinor: row.maxDiscountMinor,
    minOrderMinor: row.minOrderMinor,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    timesUsed: row.timesUsed,
    divisionIds: row.divisionIds,
    productIds: row.productIds,
    excludePrescription: row.excludePrescription,
    isActive: row.isActive,
  };
}

function toWrite(input: CouponInputParsed): repository.CouponWrite {
  return {
    code: input.code,
    description: input.description || null,
    kind: input.kind,
    percentOff: input.kind === 'percent' ? input.percentOff : null,
    amountOffMinor: input.kind === 'fixed' ? minorOrNull(input.amountOff) : null,
    maxDiscountMinor: minorOrNull(input.maxDiscount),
    minOrderMinor: toMinorUnits(input.minOrderValue),
    startsAt: new Date(input.startsAt),
    endsAt: input.endsAt === null ? null : new Date(input.endsAt),
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    divisionIds: [...new Set(input.divisionIds)].sort((a, b) => a - b),
    productIds: [...new Set(input.productIds)].sort((a, b) => a - b),
    excludePrescription: input.excludePrescription,
    isActive: input.isActive,
  };
}

/** What an audit entry keeps of a coupon (money in paise, dates as ISO text). */
const auditView = (write: repository.CouponWrite) => ({
  ...write,
  startsAt: write.startsAt instanceof Date ? write.startsAt.toISOString() : write.startsAt,
  endsAt: write.endsAt instanceof Date ? write.endsAt.toISOString() : (write.endsAt ?? null),
});

/** The redemption an order holds with its coupon's terms (heldCoupon). */
export type HeldCoupon = NonNullable<Awaited<ReturnType<typeof repository.heldCoupon>>>;

/**
 * Issue 19: the admins' coupon codes. Uses are counted by the promotions module, through the
 * functions below that take its transaction (decision 0020: never through this repository).
 */
export function createCouponsService(deps: { db: Database }) {
  const { db } = deps;

  async function get(id: number): Promise<Coupon> {
    const row = await repository.findCoupon(db, id);
    if (!row) throw new NotFoundError(NO_COUPON);
    return toCoupon(row);
  }

  /** Gives a redemption's use back to its coupon; the redemption stays, marked released. */
  async function releaseRedemption(
    tx: DbOrTx,
    held: { redemptionId: number; couponId: number },
    at: Date,
  ): Promise<void> {
    await repository.releaseRedemption(tx, held.redemptionId, at);
    await repository.giveBackUse(tx, held.couponId);
  }

  return {
    get,

    /** The redemption `orderId` holds with its coupon's terms, in one statement. */
    async heldCoupon(tx: DbOrTx, orderId: number): Promise<HeldCoupon | undefined> {
      return repository.heldCoupon(tx, orderId);
    },

    /**
     * The coupon with this code as an order of `userId` would redeem it, and that member's uses
     * of it on their other orders. A coupon with a per-customer limit is read again locked: this
     * member's applications of it queue on its row, so two tabs cannot both take the last
     * personal use.
     */
    async couponForOrder(
      tx: DbOrTx,
      code: string,
      order: { userId: number; orderId: number },
    ): Promise<{ coupon: repository.CouponRecord; usesByCustomer: number } | undefined> {
      const found = await repository.findCouponByCode(tx, code);
      if (!found) return undefined;
      if (found.perCustomerLimit === null) return { coupon: found, usesByCustomer: 0 };
      const coupon = (await repository.findCoupon(tx, found.id, { forUpdate: true })) ?? found;
      const usesByCustomer = await repository.usesByCustomer(
        tx,
        coupon.id,
        order.userId,
        order.orderId,
      );
      return { coupon, usesByCustomer };
    },

    /**
     * Takes one use in a single conditional UPDATE (false when none is left or the coupon is
     * off): however many shoppers apply the last use at once, only the first finds room.
     */
    async takeUse(tx: DbOrTx, couponId: number): Promise<boolean> {
      return repository.takeUse(tx, couponId);
    },

    async recordRedemption(
      tx: DbOrTx,
      values: { couponId: number; orderId: number; userId: number; discountMinor: number },
    ): Promise<void> {
      await repository.insertRedemption(tx, values);
    },

    releaseRedemption,

    /** Gives back the use an order holds, if it holds one (a cancelled order). */
    async releaseOrderRedemption(tx: DbOrTx, orderId: number, at: Date): Promise<void> {
      const redemption = await repository.activeRedemption(tx, orderId);
      if (redemption)
        await releaseRedemption(
          tx,
          { redemptionId: redemption.id, couponId: redemption.couponId },
          at,
        );
    },

    async list(query: CouponListQuery): Promise<CouponListResponse> {
      const pageSize = COUPON_PAGE_SIZE;
      const { rows, rowCount } = await repository.listCoupons(db, query.page, pageSize);
      return {
        coupons: rows.map(toCoupon),
        pagination: {
          page: query.page,
          pageSize,
          rowCount,
          pageCount: Math.ceil(rowCount / pageSize),
        },
      };
    },

    async create(input: CouponInputParsed, actorUserId: number): Promise<Coupon> {
      const write = toWrite(input);
      const id = await db.transaction(async (tx) => {
        if (await repository.codeTaken(tx, write.code)) {
          throw new ConflictError(codeTakenMessage(write.code));
        }
        const newId = await repository.insertCoupon(tx, write);
        if (newId === undefined) throw new Error('coupon insert returned no row');
        await recordAudit(tx, {
          actorUserId,
          action: 'coupon.created',
          entityType: 'coupon',
          entityId: newId,
          details: auditView(write),
        });
        return newId;
      });
      return get(id);
    },

    /**
     * Edits every field; uses already taken stay counted. A usage limit below the uses already
     * held is refused (the database's check would refuse it too, less politely).
     */
    async update(id: number, input: CouponInputParsed, actorUserId: number): Promise<Coupon> {
      const write = toWrite(input);
      await db.transaction(async (tx) => {
        const current = await repository.findCoupon(tx, id, { forUpdate: true });
        if (!current) throw new NotFoundError(NO_COUPON);
        if (write.code !== current.code && (await repository.codeTaken(tx, write.code, id))) {
          throw new ConflictError(codeTakenMessage(write.code));
        }
        if (
          write.usageLimit !== null &&
          write.usageLimit !== undefined &&
          write.usageLimit < current.timesUsed
        ) {
          throw new ConflictError(
            `The code ${current.code} is held by ${current.timesUsed} orders; its usage limit cannot be lower than that.`,
          );
        }
        await repository.updateCoupon(tx, id, write);
        const before = auditView(toWrite(fromRow(current)));
        const after = auditView(write);
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of Object.keys(after) as Array<keyof typeof after>) {
          if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
            changes[key] = { from: before[key], to: after[key] };
        }
        await recordAudit(tx, {
          actorUserId,
          action: 'coupon.updated',
          entityType: 'coupon',
          entityId: id,
          details: changes,
        });
      });
      return get(id);
    },
  };
}

/** A stored coupon in the input's shape, so an edit's audit entry compares like with like. */
const fromRow = (row: repository.CouponRecord): CouponInputParsed => couponInputOf(toCoupon(row));

export type CouponsService = ReturnType<typeof createCouponsService>;
