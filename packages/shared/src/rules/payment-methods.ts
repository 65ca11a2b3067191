import { LIMITS } from '../constants/limits';
import { formatMoney } from './money';

/** The online payment a shop runs: Razorpay, Stripe, or the built-in test provider. */
export const ONLINE_PAYMENT_PROVIDERS = ['razorpay', 'stripe', 'test'] as const;
export type OnlinePaymentProvider = (typeof ONLINE_PAYMENT_PROVIDERS)[number];

/** How a Razorpay payment was made (its `method`); Stripe and the test provider take cards. */
export const PAYMENT_CHANNELS = [
  'upi',
  'card',
  'netbanking',
  'wallet',
  'emi',
  'cardless_emi',
  'paylater',
] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const PAYMENT_CHANNEL_LABELS: Record<PaymentChannel, string> = {
  upi: 'UPI',
  card: 'card',
  netbanking: 'netbanking',
  wallet: 'wallet',
  emi: 'card EMI',
  cardless_emi: 'cardless EMI',
  paylater: 'pay later',
};

export function isPaymentChannel(value: unknown): value is PaymentChannel {
  return typeof value === 'string' && (PAYMENT_CHANNELS as readonly string[]).includes(value);
}

/** What each provider really lets a customer pay with, as the shop says it. */
export const ONLINE_PAYMENT_METHODS: Record<OnlinePaymentProvider, readonly string[]> = {
  razorpay: ['UPI', 'cards', 'netbanking', 'wallets'],
  stripe: ['cards'],
  test: ['cards'],
};

function joinWithOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** "UPI, cards, netbanking, wallets or cash on delivery": the methods the shop really takes. */
export function paymentMethodsSentence(provider: OnlinePaymentProvider): string {
  return joinWithOr([...ONLINE_PAYMENT_METHODS[provider], 'cash on delivery']);
}

/** The payment note on the order and the invoice: how the customer paid. */
export function onlinePaymentNote(
  provider: OnlinePaymentProvider,
  channel: PaymentChannel | null,
): string {
  if (provider !== 'razorpay') return 'Card payment';
  return channel ? `Paid online by ${PAYMENT_CHANNEL_LABELS[channel]}` : 'Paid online';
}

/** Spec §9: online payment only when the order's total is over 50 (in minor units here). */
export function onlinePaymentOffered(totalMinor: number): boolean {
  return totalMinor > LIMITS.cardPaymentAbove * 100;
}

export const codAboveLimitText = (maxMinor: number, currencySymbol = '₹') =>
  `Cash on delivery is available for orders up to ${formatMoney(maxMinor / 100, currencySymbol)}.`;

/**
 * Cash on delivery is offered up to the shop's maximum order value (COD_MAX_ORDER_VALUE, in minor
 * units here; null means no maximum).
 */
export function cashOnDeliveryCheck(
  totalMinor: number,
  maxMinor: number | null,
  currencySymbol = '₹',
): { offered: true } | { offered: false; reason: string } {
  if (maxMinor === null || totalMinor <= maxMinor) return { offered: true };
  return { offered: false, reason: codAboveLimitText(maxMinor, currencySymbol) };
}
