import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@pharmacy/shared';
import {
  currentProcessStep,
  displayedStatusId,
  processSteps,
  showAdminControls,
  statusTone,
} from './order-rules';

const S = ORDER_STATUS;

describe('order rules', () => {
  it.each([
    [S.PAYMENT, null, S.COLLECTING_ADDRESS],
    [S.NEW, null, S.COLLECTING_ADDRESS],
    [S.CANCELLED, null, S.CANCELLED],
    [S.DELIVERED, null, S.DELIVERED],
    [S.PACKING, 4, S.PACKING],
  ])('status %i with address %s is displayed as %i (spec §4)', (statusId, addressId, shown) => {
    expect(displayedStatusId({ statusId, addressId })).toBe(shown);
  });

  it.each([
    [S.DELIVERED, true, false],
    [S.CANCELLED, true, false],
    [S.DISPATCHED, true, true],
    [S.COLLECTING_ADDRESS, true, true],
    [S.PACKING, false, false],
  ])('status %i, admin %s: admin controls shown %s', (statusId, isAdmin, shown) => {
    expect(showAdminControls({ statusId }, isAdmin)).toBe(shown);
  });

  it('colours statuses by meaning', () => {
    expect(statusTone(S.DELIVERED)).toBe('success');
    expect(statusTone(S.CANCELLED)).toBe('danger');
    expect(statusTone(S.DISPATCHED)).toBe('progress');
    expect(statusTone(S.PAYMENT)).toBe('waiting');
  });

  it('lists the prescription step only for prescription orders', () => {
    expect(processSteps({ hasPrescriptionItems: false }).map((s) => s.label)).toEqual([
      'Address',
      'Payment',
      'Confirmed',
    ]);
    expect(processSteps({ hasPrescriptionItems: true }).map((s) => s.label)).toEqual([
      'Address',
      'Prescription',
      'Payment',
      'Confirmed',
    ]);
  });

  it.each([
    [S.COLLECTING_ADDRESS, null, 'address'],
    [S.PAYMENT, null, 'address'],
    [S.NEW, 3, 'address'],
    [S.COLLECTING_PRESCRIPTION, 3, 'prescription'],
    [S.PAYMENT, 3, 'payment'],
    [S.WAITING_TO_ACCEPT, 3, 'confirmed'],
    [S.PACKING, 3, 'confirmed'],
    [S.DELIVERED, 3, 'confirmed'],
    [S.CANCELLED, null, 'cancelled'],
  ])('status %i with address %s is at the %s step', (statusId, addressId, step) => {
    expect(currentProcessStep({ statusId, addressId })).toBe(step);
  });
});
