import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_STATUS_IDS } from '../constants/order-status';
import { ORDER_STATUS_PROCESS_STEP, orderProcessStep, orderProcessSteps } from './order-process';

const S = ORDER_STATUS;

describe('order process steps (spec §2)', () => {
  it.each([
    [true, ['address', 'prescription', 'payment', 'confirmed']],
    [false, ['address', 'payment', 'confirmed']],
  ])('prescription items %s → %j', (hasPrescriptionItems, ids) => {
    expect(orderProcessSteps({ hasPrescriptionItems }).map((step) => step.id)).toEqual(ids);
  });

  it('labels the steps as the stepper shows them', () => {
    expect(orderProcessSteps({ hasPrescriptionItems: true }).map((step) => step.label)).toEqual([
      'Address',
      'Prescription',
      'Payment',
      'Confirmed',
    ]);
  });

  it('gives every status of spec §4 a step', () => {
    expect(Object.keys(ORDER_STATUS_PROCESS_STEP).map(Number).sort()).toEqual(
      [...ORDER_STATUS_IDS].sort(),
    );
  });
});

describe('the step an order stands at (spec §2 / §4)', () => {
  it.each([
    // statusId, addressId, step
    [S.NEW, 1, 'address'],
    [S.NEW, null, 'address'],
    [S.COLLECTING_ADDRESS, 1, 'address'],
    [S.COLLECTING_ADDRESS, null, 'address'],
    [S.COLLECTING_PRESCRIPTION, 1, 'prescription'],
    [S.COLLECTING_PRESCRIPTION, null, 'address'], // no address: back to the first step
    [S.PAYMENT, 1, 'payment'],
    [S.PAYMENT, null, 'address'],
    [S.PAYMENT, 0, 'payment'], // an id of 0 is an address, not a missing one
    [S.WAITING_TO_ACCEPT, 1, 'confirmed'],
    [S.ACCEPTED, 1, 'confirmed'],
    [S.PACKING, 1, 'confirmed'],
    [S.DISPATCHED, 1, 'confirmed'],
    [S.DELIVERED, 1, 'confirmed'],
    [S.DELIVERED, null, 'address'],
    [S.CANCELLED, 1, 'cancelled'],
    [S.CANCELLED, null, 'cancelled'], // cancelled wins over the missing address
    [0, 1, 'confirmed'], // ids the table does not know: past the customer's part
    [99, 1, 'confirmed'],
    [99, null, 'address'],
  ] as const)('status %i with address %s → %s', (statusId, addressId, step) => {
    expect(orderProcessStep({ statusId, addressId })).toBe(step);
  });
});
