import { LIMITS, ORDER_STATUS, type Order } from '@pharmacy/shared';

export type ProcessStepId = 'address' | 'prescription' | 'payment' | 'confirmed';

export interface ProcessStep {
  id: ProcessStepId;
  label: string;
}

/** Spec §2 stepper: Address → Prescription (only with prescription items) → Payment → Confirmed. */
export function processSteps(order: Pick<Order, 'hasPrescriptionItems'>): ProcessStep[] {
  return [
    { id: 'address', label: 'Address' },
    ...(order.hasPrescriptionItems ? [{ id: 'prescription' as const, label: 'Prescription' }] : []),
    { id: 'payment', label: 'Payment' },
    { id: 'confirmed', label: 'Confirmed' },
  ];
}

/**
 * Which view the process page shows (spec §2 / §4): the address step while the order has no
 * address or is New / Collecting Address, the upload at Collecting Prescription, the payment at
 * Payment; anything else is past the customer's part ('Order Confirmed'), a cancelled order aside.
 */
export function processView(
  order: Pick<Order, 'statusId' | 'addressId'>,
): ProcessStepId | 'cancelled' {
  if (order.statusId === ORDER_STATUS.CANCELLED) return 'cancelled';
  if (order.addressId == null) return 'address';
  switch (order.statusId) {
    case ORDER_STATUS.NEW:
    case ORDER_STATUS.COLLECTING_ADDRESS:
      return 'address';
    case ORDER_STATUS.COLLECTING_PRESCRIPTION:
      return 'prescription';
    case ORDER_STATUS.PAYMENT:
      return 'payment';
    default:
      return 'confirmed';
  }
}

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
