import { LIMITS } from '@pharmacy/shared';

/** Spec §9: card payment only when the total exceeds 50; otherwise 'Online Payment coming soon'. */
export function cardPaymentOffered(totalOrderValue: number): boolean {
  return totalOrderValue > LIMITS.cardPaymentAbove;
}

/**
 * The payment step's view (spec §2): while the intent loads 'Loading payment form...'; with an
 * intent and the payment window open, the card form; with none (total ≤ 50 or the intent failed),
 * the choice of the disabled online button and cash on delivery; the cash-on-delivery confirm view
 * once chosen.
 */
export type PaymentView = 'loading' | 'card' | 'choice' | 'cash-confirm';

export function paymentView(input: {
  cardOffered: boolean;
  intent: 'pending' | 'ready' | 'failed';
  paymentWindowOpen: boolean;
  cashChosen: boolean;
}): PaymentView {
  if (input.cashChosen) return 'cash-confirm';
  if (!input.cardOffered || input.intent === 'failed') return 'choice';
  if (input.intent === 'pending') return 'loading';
  return input.paymentWindowOpen ? 'card' : 'choice';
}
