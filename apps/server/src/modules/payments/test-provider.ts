import { randomBytes } from 'node:crypto';
import type { CardPaymentProvider, ProviderIntent, ProviderRefund } from './payment-provider';
import { WebhookSignatureError } from './payment-provider';

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardOutcome =
  | { ok: true; intent: ProviderIntent }
  | {
      ok: false;
      error: { type: 'card_error' | 'validation_error'; code: string; message: string };
    };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The usual test cards (DECISIONS): what each one does, as Stripe's test mode answers them. */
const TEST_CARDS: Record<string, { ok: true } | { ok: false; code: string; message: string }> = {
  '4242424242424242': { ok: true },
  '5555555555554444': { ok: true },
  '4000000000000002': { ok: false, code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': {
    ok: false,
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
};

/**
 * The built-in provider used when no Stripe keys are set: the same intent → confirm → save flow,
 * offline. Intents live in this process (a restart asks the shopper to start the payment again),
 * which is fine for local use and tests; production uses Stripe.
 */
export function createTestPaymentProvider(now: () => Date = () => new Date()) {
  const intents = new Map<string, ProviderIntent>();
  const byKey = new Map<string, string>();
  const refunds: Array<ProviderRefund & { intentId: string; idempotencyKey: string }> = [];

  const provider: CardPaymentProvider & {
    confirmCard(clientSecret: string, card: CardInput): CardOutcome;
    /** Every refund made, for tests to look at. */
    refunds(): ReadonlyArray<ProviderRefund & { intentId: string; idempotencyKey: string }>;
  } = {
    name: 'test',
    publishableKey: null,

    async createIntent({ orderId, amountMinor, idempotencyKey }) {
      const existing = byKey.get(idempotencyKey);
      if (existing) return intents.get(existing) as ProviderIntent;
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const intent: ProviderIntent = {
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        status: 'requires_payment_method',
        amountMinor,
        orderId,
        paymentMethodId: null,
      };
      intents.set(id, intent);
      byKey.set(idempotencyKey, id);
      return intent;
    },

    async retrieveIntent(intentId) {
      const intent = intents.get(intentId);
      return intent ? { ...intent } : undefined;
    },

    async refund({ intentId, amountMinor, idempotencyKey }) {
      const earlier = refunds.find((refund) => refund.idempotencyKey === idempotencyKey);
      if (earlier)
        return { id: earlier.id, status: earlier.status, amountMinor: earlier.amountMinor };
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'succeeded')
        throw new Error(`No succeeded payment ${intentId} to refund.`);
      // As Stripe does: the refunds of a payment together never exceed what it took.
      const refunded = refunds
        .filter((refund) => refund.intentId === intentId)
        .reduce((sum, refund) => sum + refund.amountMinor, 0);
      if (amountMinor <= 0 || refunded + amountMinor > intent.amountMinor)
        throw new Error(`Refund of ${amountMinor} exceeds what is left of payment ${intentId}.`);
      const refund = {
        id: `re_test_${randomBytes(12).toString('hex')}`,
        status: 'succeeded' as const,
        amountMinor,
        intentId,
        idempotencyKey,
      };
      refunds.push(refund);
      return { id: refund.id, status: refund.status, amountMinor };
    },

    refunds: () => refunds.map((refund) => ({ ...refund })),

    parseWebhook() {
      throw new WebhookSignatureError('The test payment provider sends no webhooks.');
    },

    async cancelIntent(intentId) {
      const intent = intents.get(intentId);
      if (!intent) return undefined;
      if (intent.status !== 'succeeded') intent.status = 'canceled';
      return intent.status;
    },

    /** What the card form's 'Pay now' does with a test card. */
    confirmCard(clientSecret, card) {
      const intent = [...intents.values()].find(
        (candidate) => candidate.clientSecret === clientSecret,
      );
      if (!intent)
        return {
          ok: false,
          error: {
            type: 'validation_error',
            code: 'invalid_client_secret',
            message: 'This payment is no longer valid. Please start again.',
          },
        };
      if (intent.status === 'succeeded') return { ok: true, intent: { ...intent } };
      if (intent.status === 'canceled')
        return {
          ok: false,
          error: {
            type: 'validation_error',
            code: 'payment_intent_unexpected_state',
            message:
              'The order total changed, so this payment was cancelled. Please pay the new total.',
          },
        };
      const digits = card.cardNumber.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) {
        return {
          ok: false,
          error: {
            type: 'validation_error',
            code: 'incorrect_number',
            message: 'Your card number is invalid.',
          },
        };
      }
      const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
      const month = Number(expiry?.[1]);
      const year = 2000 + Number(expiry?.[2]);
      const today = now();
      if (!expiry || month < 1 || month > 12) {
        return {
          ok: false,
          error: {
            type: 'validation_error',
            code: 'invalid_expiry',
            message: "Your card's expiration date is incomplete.",
          },
        };
      }
      if (
        year < today.getUTCFullYear() ||
        (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
      ) {
        return {
          ok: false,
          error: {
            type: 'validation_error',
            code: 'invalid_expiry_year',
            message: "Your card's expiration year is in the past.",
          },
        };
      }
      if (!/^\d{3,4}$/.test(card.cvc.trim())) {
        return {
          ok: false,
          error: {
            type: 'validation_error',
            code: 'incomplete_cvc',
            message: "Your card's security code is incomplete.",
          },
        };
      }
      const rule = TEST_CARDS[digits];
      if (!rule) {
        return {
          ok: false,
          error: {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined. In test mode use 4242 4242 4242 4242.',
          },
        };
      }
      if (!rule.ok)
        return { ok: false, error: { type: 'card_error', code: rule.code, message: rule.message } };
      intent.status = 'succeeded';
      intent.paymentMethodId = `pm_test_${digits.slice(-4)}_${randomBytes(6).toString('hex')}`;
      return { ok: true, intent: { ...intent } };
    },
  };
  return provider;
}

export type TestPaymentProvider = ReturnType<typeof createTestPaymentProvider>;
