import { describe, expect, it } from 'vitest';
import { ORDER_STATUS as S, ORDER_STATUS_IDS, type OrderStatusId } from '../constants/order-status';
import {
  duplicateTherapies,
  exceedsOrderLimit,
  maxOrderableUnits,
  orderLimitMessage,
} from './dispensing';
import {
  DISPENSING_STATUSES,
  ORDER_STATUS_FLOW,
  ORDER_TRANSITIONS,
  adminNextStatuses,
  checkTransition,
} from './order-transitions';

const plain = { hasPrescriptionItems: false, prescriptionApproved: false };
const unapproved = { hasPrescriptionItems: true, prescriptionApproved: false };
const approved = { hasPrescriptionItems: true, prescriptionApproved: true };

describe('order transitions', () => {
  it.each([
    // from, to, actor, context, allowed
    [S.PAYMENT, S.PACKING, 'flow', plain, true],
    [S.PAYMENT, S.PACKING, 'admin', plain, false],
    [S.PAYMENT, S.PACKING, 'flow', unapproved, false],
    [S.PAYMENT, S.WAITING_TO_ACCEPT, 'flow', unapproved, true],
    [S.WAITING_TO_ACCEPT, S.ACCEPTED, 'admin', unapproved, false],
    [S.WAITING_TO_ACCEPT, S.ACCEPTED, 'flow', unapproved, true],
    [S.WAITING_TO_ACCEPT, S.CANCELLED, 'admin', unapproved, true],
    [S.ACCEPTED, S.PACKING, 'admin', unapproved, false],
    [S.ACCEPTED, S.PACKING, 'admin', approved, true],
    [S.ACCEPTED, S.DISPATCHED, 'admin', approved, false],
    [S.PACKING, S.DISPATCHED, 'admin', unapproved, false],
    [S.PACKING, S.DISPATCHED, 'admin', approved, true],
    [S.DISPATCHED, S.DELIVERED, 'admin', unapproved, false],
    [S.DISPATCHED, S.DELIVERED, 'admin', plain, true],
    [S.DISPATCHED, S.CANCELLED, 'admin', plain, true],
    [S.DELIVERED, S.CANCELLED, 'admin', plain, false],
    [S.CANCELLED, S.PACKING, 'admin', plain, false],
    [S.NEW, S.DELIVERED, 'admin', plain, false],
    [S.COLLECTING_ADDRESS, S.PAYMENT, 'flow', plain, true],
    [S.COLLECTING_PRESCRIPTION, S.WAITING_TO_ACCEPT, 'flow', unapproved, true],
  ] as const)('%i → %i by %s: %o → allowed %s', (from, to, actor, context, allowed) => {
    expect(checkTransition(from, to, actor, context).allowed).toBe(allowed);
  });

  it('names why a change is refused', () => {
    expect(checkTransition(S.DELIVERED, S.PACKING, 'admin', plain)).toEqual({
      allowed: false,
      reason: 'This order is Delivered and its status can no longer change.',
    });
    expect(checkTransition(S.NEW, S.DELIVERED, 'admin', plain)).toEqual({
      allowed: false,
      reason: 'An order cannot go from New to Delivered.',
    });
    const gate = checkTransition(S.PACKING, S.DISPATCHED, 'admin', unapproved);
    expect(gate.allowed === false && gate.reason).toContain('pharmacist has approved');
  });

  it('covers every status, with Delivered and Cancelled final and reachable from every open one', () => {
    expect([...ORDER_STATUS_FLOW].sort((a, b) => a - b)).toEqual(
      [...ORDER_STATUS_IDS].sort((a, b) => a - b),
    );
    for (const from of ORDER_STATUS_IDS) {
      const next = Object.keys(ORDER_TRANSITIONS[from]).map(Number) as OrderStatusId[];
      if (from === S.DELIVERED || from === S.CANCELLED) expect(next).toEqual([]);
      else expect(next).toContain(S.CANCELLED);
    }
  });

  it('never lets medicine on prescription be handed over unapproved, whatever the path', () => {
    for (const from of ORDER_STATUS_IDS)
      for (const to of DISPENSING_STATUSES)
        for (const actor of ['flow', 'admin'] as const)
          expect(checkTransition(from, to, actor, unapproved).allowed).toBe(false);
  });

  it('offers admins the next statuses in flow order', () => {
    expect(adminNextStatuses(S.ACCEPTED, approved)).toEqual([S.PACKING, S.CANCELLED]);
    expect(adminNextStatuses(S.ACCEPTED, unapproved)).toEqual([S.CANCELLED]);
    expect(adminNextStatuses(S.DISPATCHED, plain)).toEqual([S.DELIVERED, S.CANCELLED]);
    expect(adminNextStatuses(S.DELIVERED, plain)).toEqual([]);
  });
});

describe('per-order limits', () => {
  it.each([
    [1, null, false],
    [100, null, false],
    [2, 2, false],
    [3, 2, true],
    [1, 1, false],
    [2, 1, true],
  ] as const)('%i units against a limit of %s: exceeds %s', (units, limit, exceeds) => {
    expect(exceedsOrderLimit(units, limit)).toBe(exceeds);
  });

  it.each([
    [{ quantity: 10, maxUnitsPerOrder: null }, 10],
    [{ quantity: 10, maxUnitsPerOrder: 2 }, 2],
    [{ quantity: 1, maxUnitsPerOrder: 2 }, 1],
    [{ quantity: 0, maxUnitsPerOrder: 2 }, 0],
    [{ quantity: -3, maxUnitsPerOrder: null }, 0],
  ])('%o may have at most %i', (product, max) => {
    expect(maxOrderableUnits(product)).toBe(max);
  });

  it('says the limit in the message', () => {
    expect(orderLimitMessage('Codeine Linctus', 1)).toBe(
      'Codeine Linctus is limited to 1 unit per order.',
    );
    expect(orderLimitMessage('Codeine Linctus', 2)).toBe(
      'Codeine Linctus is limited to 2 units per order.',
    );
  });
});

describe('duplicate therapy', () => {
  const line = (productId: number, productName: string, salt: [number, string] | null) => ({
    productId,
    productName,
    saltCompositionId: salt?.[0] ?? null,
    saltCompositionName: salt?.[1] ?? null,
  });
  const para: [number, string] = [7, 'Paracetamol (500mg)'];

  it('warns when two products share a salt composition', () => {
    expect(duplicateTherapies([line(1, 'Dolo 650', para), line(2, 'Calpol 500', para)])).toEqual([
      {
        saltCompositionId: 7,
        saltCompositionName: 'Paracetamol (500mg)',
        productIds: [1, 2],
        productNames: ['Dolo 650', 'Calpol 500'],
        message:
          'Both Dolo 650 and Calpol 500 contain Paracetamol (500mg); taking both may double the dose.',
      },
    ]);
  });

  it.each([
    ['no lines', []],
    ['one line', [line(1, 'Dolo 650', para)]],
    ['the same product twice', [line(1, 'Dolo 650', para), line(1, 'Dolo 650', para)]],
    ['products without a salt', [line(1, 'Band-aid', null), line(2, 'Gauze', null)]],
    ['different salts', [line(1, 'Dolo 650', para), line(2, 'Brufen', [8, 'Ibuprofen (400mg)'])]],
  ])('says nothing for %s', (_label, lines) => {
    expect(duplicateTherapies(lines)).toEqual([]);
  });

  it('groups three products and keeps groups apart', () => {
    const result = duplicateTherapies([
      line(1, 'A', para),
      line(2, 'B', [9, 'Cetirizine (10mg)']),
      line(3, 'C', para),
      line(4, 'D', para),
      line(5, 'E', [9, 'Cetirizine (10mg)']),
    ]);
    expect(result.map((group) => group.productIds)).toEqual([
      [1, 3, 4],
      [2, 5],
    ]);
    expect(result[0]?.message).toBe(
      'A, C and D all contain Paracetamol (500mg); taking them together may multiply the dose.',
    );
  });
});
