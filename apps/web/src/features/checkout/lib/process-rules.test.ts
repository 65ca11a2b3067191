import { describe, expect, it } from 'vitest';
import { cardPaymentOffered, paymentView } from './process-rules';

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
