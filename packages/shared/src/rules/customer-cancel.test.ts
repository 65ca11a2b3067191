import { describe, expect, it } from 'vitest';
import { ORDER_STATUS as S } from '../constants/order-status';
import { addressChangeCheck } from './after-sales';
import {
  CUSTOMER_CANCELLABLE_STATUSES,
  checkTransition,
  customerCancelCheck,
} from './order-transitions';

const plain = { hasPrescriptionItems: false, prescriptionApproved: false };
const policy = { changeOrCancelHours: 24 };
const placed = new Date('2026-11-01T10:00:00Z');
const at = (ms: number) => new Date(placed.getTime() + ms);
const HOUR = 3_600_000;

describe('the customer actor (issue 19): only their own cancellation', () => {
  it.each([
    [S.NEW, S.CANCELLED, true],
    [S.COLLECTING_ADDRESS, S.CANCELLED, true],
    [S.COLLECTING_PRESCRIPTION, S.CANCELLED, true],
    [S.PAYMENT, S.CANCELLED, true],
    [S.WAITING_TO_ACCEPT, S.CANCELLED, true],
    [S.ACCEPTED, S.CANCELLED, true],
    [S.PACKING, S.CANCELLED, true],
    [S.DISPATCHED, S.CANCELLED, false],
    [S.DELIVERED, S.CANCELLED, false],
    [S.CANCELLED, S.CANCELLED, false],
    [S.PAYMENT, S.PACKING, false],
    [S.ACCEPTED, S.PACKING, false],
    [S.DISPATCHED, S.DELIVERED, false],
  ] as const)('%i → %i: allowed %s', (from, to, allowed) => {
    expect(checkTransition(from, to, 'customer', plain).allowed).toBe(allowed);
  });

  it('every status the owner may cancel from is one the state machine lets the customer leave', () => {
    for (const from of CUSTOMER_CANCELLABLE_STATUSES)
      expect(checkTransition(from, S.CANCELLED, 'customer', plain).allowed).toBe(true);
  });
});

describe('customerCancelCheck at the window edge', () => {
  it.each([
    [0, true],
    [24 * HOUR - 60_000, true],
    [24 * HOUR, true],
    [24 * HOUR + 1, false],
    [24 * HOUR + 60_000, false],
  ])('%i ms after placing: allowed %s', (elapsed, allowed) => {
    expect(
      customerCancelCheck({ statusId: S.PACKING, createdAt: placed }, at(elapsed), policy).allowed,
    ).toBe(allowed);
  });

  it('says why in a sentence', () => {
    expect(
      customerCancelCheck({ statusId: S.CANCELLED, createdAt: placed }, placed, policy),
    ).toEqual({ allowed: false, reason: 'This order is already cancelled.' });
    const late = customerCancelCheck(
      { statusId: S.ACCEPTED, createdAt: placed },
      at(25 * HOUR),
      policy,
    );
    expect(late).toEqual({
      allowed: false,
      reason:
        'Orders can be cancelled within 24 hours of being placed; this one was placed earlier. Please contact our support team.',
    });
  });

  it('the address can change before packing only', () => {
    expect(
      addressChangeCheck({ statusId: S.ACCEPTED, createdAt: placed }, placed, policy).allowed,
    ).toBe(true);
    expect(addressChangeCheck({ statusId: S.PACKING, createdAt: placed }, placed, policy)).toEqual({
      allowed: false,
      reason: 'The delivery address can only be changed before the order is packed.',
    });
  });
});
