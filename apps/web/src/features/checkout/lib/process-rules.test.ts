import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@pharmacy/shared';
import { cardPaymentOffered, paymentView, processSteps, processView } from './process-rules';

describe('process page views (spec §2 / §4)', () => {
  it('shows Prescription in the stepper only for prescription orders', () => {
    expect(processSteps({ hasPrescriptionItems: true }).map((s) => s.label)).toEqual([
      'Address',
      'Prescription',
      'Payment',
      'Confirmed',
    ]);
    expect(processSteps({ hasPrescriptionItems: false }).map((s) => s.id)).toEqual([
      'address',
      'payment',
      'confirmed',
    ]);
  });

  it.each([
    [ORDER_STATUS.COLLECTING_ADDRESS, 1, 'address'],
    [ORDER_STATUS.NEW, 1, 'address'],
    [ORDER_STATUS.PAYMENT, null, 'address'],
    [ORDER_STATUS.COLLECTING_PRESCRIPTION, 1, 'prescription'],
    [ORDER_STATUS.PAYMENT, 1, 'payment'],
    [ORDER_STATUS.WAITING_TO_ACCEPT, 1, 'confirmed'],
    [ORDER_STATUS.PACKING, 1, 'confirmed'],
    [ORDER_STATUS.DELIVERED, 1, 'confirmed'],
    [ORDER_STATUS.CANCELLED, null, 'cancelled'],
  ])('status %i with address %s → %s', (statusId, addressId, view) => {
    expect(processView({ statusId, addressId })).toBe(view);
  });
});

describe('payment step modes (spec §2 / §9)', () => {
  it('offers the card only above 50', () => {
    expect(cardPaymentOffered(50)).toBe(false);
    expect(cardPaymentOffered(50.01)).toBe(true);
  });

  const base = {
    cardOffered: true,
    intent: 'ready',
    paymentWindowOpen: true,
    cashChosen: false,
  } as const;

  it("shows 'Loading payment form...' while the intent is requested", () => {
    expect(paymentView({ ...base, intent: 'pending' })).toBe('loading');
  });

  it('shows the card form with an intent and the payment window open', () => {
    expect(paymentView(base)).toBe('card');
    expect(paymentView({ ...base, paymentWindowOpen: false })).toBe('choice');
  });

  it("falls back to the choice ('Online Payment coming soon' + cash) without an intent", () => {
    expect(paymentView({ ...base, cardOffered: false, intent: 'pending' })).toBe('choice');
    expect(paymentView({ ...base, intent: 'failed' })).toBe('choice');
  });

  it('shows the cash-on-delivery confirm view once cash is chosen', () => {
    expect(paymentView({ ...base, cashChosen: true })).toBe('cash-confirm');
    expect(paymentView({ ...base, cardOffered: false, cashChosen: true })).toBe('cash-confirm');
  });
});
