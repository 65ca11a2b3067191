import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderStatusId } from '../constants/order-status';
import {
  OPEN_RETURN_STATUSES,
  RETURN_STATUSES,
  RETURN_TRANSITIONS,
  addressChangeCheck,
  checkReturnTransition,
  damageWindowCheck,
  lineRefundMinor,
  lineReturnBlock,
  refundCheck,
  refundableMinor,
  returnWindowCheck,
  type ReturnStatus,
} from './after-sales';
import { customerCancelCheck } from './order-transitions';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const POLICY = { changeOrCancelHours: 24, returnDays: 30, damageReportHours: 48 };
const PLACED = new Date('2026-06-10T08:30:00.000Z');
const at = (ms: number) => new Date(PLACED.getTime() + ms);

const S = ORDER_STATUS;
const ALL_STATUSES = Object.values(S) as OrderStatusId[];

describe('customer cancel: each status, just inside the window', () => {
  const inside = at(1000);
  it.each([
    [S.NEW, true],
    [S.COLLECTING_PRESCRIPTION, true],
    [S.COLLECTING_ADDRESS, true],
    [S.PAYMENT, true],
    [S.WAITING_TO_ACCEPT, true],
    [S.ACCEPTED, true],
    [S.PACKING, true],
    [S.DISPATCHED, false],
    [S.DELIVERED, false],
    [S.CANCELLED, false],
  ])('status %i → allowed %s', (statusId, allowed) => {
    expect(customerCancelCheck({ statusId, createdAt: PLACED }, inside, POLICY).allowed).toBe(
      allowed,
    );
  });

  it('covers every status', () => {
    expect(ALL_STATUSES).toHaveLength(10);
  });

  it.each([
    [S.DISPATCHED, 'This order has already been dispatched and can no longer be cancelled.'],
    [S.DELIVERED, 'You can ask to return it once it is delivered.'],
    [S.CANCELLED, 'This order is already cancelled.'],
  ])('status %i says why', (statusId, sentence) => {
    const check = customerCancelCheck({ statusId, createdAt: PLACED }, inside, POLICY);
    expect(check.allowed).toBe(false);
    if (!check.allowed) expect(check.reason).toContain(sentence);
  });
});

describe("customer cancel: the window's edge (±1 ms)", () => {
  it.each([
    [24 * HOUR_MS - 1, true],
    [24 * HOUR_MS, true],
    [24 * HOUR_MS + 1, false],
    [0, true],
    [-1, true], // a clock a little behind the database's stamp
  ])('%i ms after placing → %s', (ms, allowed) => {
    const check = customerCancelCheck(
      { statusId: S.PACKING, createdAt: PLACED.toISOString() },
      at(ms),
      POLICY,
    );
    expect(check.allowed).toBe(allowed);
    if (!check.allowed)
      expect(check.reason).toBe(
        'Orders can be cancelled within 24 hours of being placed; this one was placed earlier. Please contact our support team.',
      );
  });

  it('follows the configured window, in words', () => {
    const one = { changeOrCancelHours: 1 };
    const check = customerCancelCheck({ statusId: S.NEW, createdAt: PLACED }, at(HOUR_MS + 1), one);
    expect(check).toEqual({
      allowed: false,
      reason:
        'Orders can be cancelled within 1 hour of being placed; this one was placed earlier. Please contact our support team.',
    });
    expect(
      customerCancelCheck({ statusId: S.NEW, createdAt: PLACED }, at(HOUR_MS), one).allowed,
    ).toBe(true);
  });
});

describe('address change: before packing, within the window', () => {
  it.each(ALL_STATUSES.map((statusId) => [statusId] as const))('status %i', (statusId) => {
    const changeable = (
      [S.COLLECTING_PRESCRIPTION, S.PAYMENT, S.WAITING_TO_ACCEPT, S.ACCEPTED] as number[]
    ).includes(statusId);
    const check = addressChangeCheck({ statusId, createdAt: PLACED }, at(HOUR_MS), POLICY);
    expect(check.allowed).toBe(changeable);
    if (!check.allowed)
      expect(check.reason).toBe(
        'The delivery address can only be changed before the order is packed.',
      );
  });

  it.each([
    [24 * HOUR_MS, true],
    [24 * HOUR_MS + 1, false],
  ])('%i ms after placing → %s', (ms, allowed) => {
    expect(
      addressChangeCheck({ statusId: S.ACCEPTED, createdAt: PLACED }, at(ms), POLICY).allowed,
    ).toBe(allowed);
  });
});

describe('return and damage windows', () => {
  const delivered = PLACED;
  it.each([
    [0, true],
    [30 * DAY_MS - 1, true],
    [30 * DAY_MS, true],
    [30 * DAY_MS + 1, false],
  ])('return %i ms after delivery → %s', (ms, allowed) => {
    const check = returnWindowCheck(delivered, at(ms), POLICY);
    expect(check.allowed).toBe(allowed);
    if (!check.allowed)
      expect(check.reason).toBe(
        'Returns are accepted within 30 days of delivery; this order was delivered earlier.',
      );
  });

  it('refuses a return of an order not delivered', () => {
    expect(returnWindowCheck(null, at(0), POLICY)).toEqual({
      allowed: false,
      reason: 'Only a delivered order can be returned.',
    });
    expect(returnWindowCheck(delivered.toISOString(), at(DAY_MS), { returnDays: 1 }).allowed).toBe(
      true,
    );
    const one = returnWindowCheck(delivered, at(DAY_MS + 1), { returnDays: 1 });
    expect(!one.allowed && one.reason).toBe(
      'Returns are accepted within 1 day of delivery; this order was delivered earlier.',
    );
  });

  it.each([
    [0, true],
    [48 * HOUR_MS - 1, true],
    [48 * HOUR_MS, true],
    [48 * HOUR_MS + 1, false],
  ])('damage report %i ms after delivery → %s', (ms, allowed) => {
    const check = damageWindowCheck(delivered, at(ms), POLICY);
    expect(check.allowed).toBe(allowed);
    if (!check.allowed)
      expect(check.reason).toBe(
        'Damaged or wrong items must be reported within 48 hours of delivery.',
      );
  });

  it('refuses a damage report before delivery', () => {
    expect(damageWindowCheck(null, at(0), POLICY)).toEqual({
      allowed: false,
      reason: 'Damaged or wrong items can be reported once the order is delivered.',
    });
  });
});

describe('which lines can be returned', () => {
  it.each([
    [{ returnable: true, prescription: false, productExists: true }, 'return', null],
    [{ returnable: true, prescription: true, productExists: true }, 'return', null],
    [
      { returnable: false, prescription: false, productExists: true },
      'return',
      'This product cannot be returned: it needs cold storage or cannot be resold once it has left the pharmacy.',
    ],
    [
      { returnable: true, prescription: false, productExists: false },
      'return',
      'This product is no longer sold, so it cannot be returned.',
    ],
    // Damaged or wrong items are always reported, returnable or not.
    [{ returnable: false, prescription: false, productExists: false }, 'damage', null],
    [{ returnable: false, prescription: true, productExists: true }, 'damage', null],
  ] as const)('%o as %s → %s', (line, kind, block) => {
    expect(lineReturnBlock(line, kind)).toBe(block);
  });
});

describe('return state machine: every pair', () => {
  const allowed: Record<ReturnStatus, ReturnStatus[]> = {
    requested: ['approved', 'rejected'],
    approved: ['received'],
    rejected: [],
    received: ['refunded', 'replaced'],
    refunded: [],
    replaced: [],
  };
  const pairs = RETURN_STATUSES.flatMap((from) => RETURN_STATUSES.map((to) => [from, to] as const));

  it('has 36 pairs', () => expect(pairs).toHaveLength(36));

  it.each(pairs)('%s → %s', (from, to) => {
    const check = checkReturnTransition(from, to);
    expect(check.allowed).toBe(allowed[from].includes(to));
    if (!check.allowed) expect(check.reason).toMatch(/^A \w+ request cannot be marked \w+\.$/);
  });

  it('names the move in the sentence', () => {
    expect(checkReturnTransition('rejected', 'refunded')).toEqual({
      allowed: false,
      reason: 'A rejected request cannot be marked refunded.',
    });
  });

  it('keeps the table and the queue consistent', () => {
    expect(RETURN_TRANSITIONS).toEqual(allowed);
    // Open means the pharmacy still has a move to make.
    for (const status of RETURN_STATUSES)
      expect(OPEN_RETURN_STATUSES.includes(status)).toBe(RETURN_TRANSITIONS[status].length > 0);
  });
});

describe('refunds never exceed what was paid', () => {
  it.each([
    [1, 1000, 0, true],
    [1000, 1000, 0, true],
    [1001, 1000, 0, false],
    [500, 1000, 500, true],
    [501, 1000, 500, false],
    [1, 1000, 1000, false],
    [0, 1000, 0, false],
    [-5, 1000, 0, false],
    [10.5, 1000, 0, false],
    [Number.NaN, 1000, 0, false],
    [Number.MAX_SAFE_INTEGER + 2, Number.MAX_SAFE_INTEGER, 0, false],
  ])('refund %d of %d paid, %d refunded → %s', (amount, paid, refunded, ok) => {
    expect(refundCheck(amount, paid, refunded).allowed).toBe(ok);
  });

  it('says why in a sentence', () => {
    expect(refundCheck(0, 1000, 0)).toEqual({
      allowed: false,
      reason: 'A refund must be a positive amount.',
    });
    expect(refundCheck(1, 1000, 1000)).toEqual({
      allowed: false,
      reason: 'Everything paid for this order has already been refunded.',
    });
    expect(refundCheck(600, 1000, 500)).toEqual({
      allowed: false,
      reason: 'A refund cannot be more than what is left of the amount paid.',
    });
  });

  it.each([
    [1000, 0, 1000],
    [1000, 400, 600],
    [1000, 1000, 0],
    [1000, 1200, 0],
  ])('refundable of %d paid, %d refunded = %d', (paid, refunded, left) => {
    expect(refundableMinor(paid, refunded)).toBe(left);
  });
});

describe('line refunds sum exactly to the line paid, over any split of units', () => {
  const lines = [
    { unitPriceMinor: 10_000, quantity: 3, discountMinor: 1 }, // 29 999 over 3
    { unitPriceMinor: 3_333, quantity: 7, discountMinor: 1_000 },
    { unitPriceMinor: 99, quantity: 1, discountMinor: 0 },
    { unitPriceMinor: 12_345, quantity: 10, discountMinor: 12_344 },
    { unitPriceMinor: 1, quantity: 5, discountMinor: 2 }, // less than a paisa a unit
    { unitPriceMinor: 5_000, quantity: 4, discountMinor: 20_000 }, // fully discounted
  ];

  /** Every way of writing `n` as an ordered sum of positive parts (compositions). */
  function splits(n: number): number[][] {
    if (n === 0) return [[]];
    const out: number[][] = [];
    for (let first = 1; first <= n; first += 1)
      for (const rest of splits(n - first)) out.push([first, ...rest]);
    return out;
  }

  it.each(lines)('%o', (line) => {
    const paid = line.unitPriceMinor * line.quantity - line.discountMinor;
    for (const split of splits(line.quantity)) {
      let returned = 0;
      let total = 0;
      for (const units of split) {
        const refund = lineRefundMinor(line, units, returned);
        expect(Number.isInteger(refund)).toBe(true);
        expect(refund).toBeGreaterThanOrEqual(0);
        // Never more than the units' fair share rounded up.
        expect(refund).toBeLessThanOrEqual(Math.ceil((paid * units) / line.quantity));
        returned += units;
        total += refund;
        expect(total).toBeLessThanOrEqual(paid);
      }
      expect(total).toBe(paid);
    }
  });

  it('gives nothing for no units and nothing beyond the line', () => {
    const line = { unitPriceMinor: 10_000, quantity: 3, discountMinor: 1 };
    expect(lineRefundMinor(line, 0)).toBe(0);
    expect(lineRefundMinor(line, 1)).toBe(9_999);
    expect(lineRefundMinor(line, 2, 1)).toBe(20_000);
    expect(lineRefundMinor(line, 5, 3)).toBe(0);
    expect(lineRefundMinor(line, 5)).toBe(29_999);
  });
});
