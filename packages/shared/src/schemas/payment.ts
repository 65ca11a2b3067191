import { z } from 'zod';
import { orderSchema } from './order';

/** A card intent of Stripe or the built-in test provider; `amount` in rupees. */
export const cardIntentResponseSchema = z.object({
  provider: z.enum(['stripe', 'test']),
  intentId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  amount: z.number(),
});

/**
 * What Razorpay Checkout needs to open for the order (issue 28): the public key id, the
 * Razorpay order, the amount in paise and the customer's details to prefill. Never the secret.
 */
export const razorpayIntentResponseSchema = z.object({
  provider: z.literal('razorpay'),
  keyId: z.string(),
  razorpayOrderId: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  /** Where the browser loads Checkout from (RAZORPAY_CHECKOUT_URL). */
  checkoutScriptUrl: z.string(),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});

export const createIntentResponseSchema = z.discriminatedUnion('provider', [
  cardIntentResponseSchema,
  razorpayIntentResponseSchema,
]);
export type CreateIntentResponse = z.infer<typeof createIntentResponseSchema>;
export type CardIntentResponse = z.infer<typeof cardIntentResponseSchema>;
export type RazorpayIntentResponse = z.infer<typeof razorpayIntentResponseSchema>;

/** Spec §7 POST /payment/save-payment-details/{orderId}: a card payment's id. */
export const saveCardPaymentSchema = z.object({
  paymentId: z.string().trim().min(1, 'paymentId is required').max(255),
  paymentMethodId: z.string().trim().max(255).optional().nullable(),
});

/** What Razorpay Checkout hands back on success, as it names the fields. */
export const saveRazorpayPaymentSchema = z.object({
  razorpay_payment_id: z
    .string()
    .trim()
    .regex(/^pay_[A-Za-z0-9]{1,40}$/, 'razorpay_payment_id must be a Razorpay payment id'),
  razorpay_order_id: z
    .string()
    .trim()
    .regex(/^order_[A-Za-z0-9]{1,40}$/, 'razorpay_order_id must be a Razorpay order id'),
  razorpay_signature: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/, 'razorpay_signature must be 64 hexadecimal characters'),
});
export type SaveRazorpayPayment = z.infer<typeof saveRazorpayPaymentSchema>;

export const savePaymentSchema = z.union([saveRazorpayPaymentSchema, saveCardPaymentSchema]);
export const savePaymentResponseSchema = z.object({ message: z.string(), order: orderSchema });

/** The card form's sentences: the provider's own validation errors, and the cardholder's name. */
export const CARD_MESSAGES = {
  cardNumber: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
  name: 'Please enter the name on the card.',
} as const;

/** The built-in test provider's card form (DECISIONS: offline, with the usual test cards). */
export const testCardConfirmSchema = z.object({
  clientSecret: z.string().min(10).max(200),
  cardNumber: z.string().trim().min(1, CARD_MESSAGES.cardNumber).max(30),
  expiry: z.string().trim().min(1, CARD_MESSAGES.expiry).max(7),
  cvc: z.string().trim().min(1, CARD_MESSAGES.cvc).max(4),
});

/**
 * The test provider's card form: the fields the confirm call takes (the number without its
 * spaces) and the name on the card, which only the form asks for.
 */
export const testCardFormSchema = z.object({
  cardNumber: testCardConfirmSchema.shape.cardNumber.transform((v) => v.replace(/\s/g, '')),
  expiry: testCardConfirmSchema.shape.expiry,
  cvc: testCardConfirmSchema.shape.cvc,
  name: z.string().trim().min(1, CARD_MESSAGES.name).max(200),
});
export type TestCardFormValues = z.input<typeof testCardFormSchema>;
export type TestCardFormOutput = z.output<typeof testCardFormSchema>;
export const testCardConfirmResponseSchema = z.object({
  paymentIntent: z.object({
    id: z.string(),
    status: z.string(),
    paymentMethodId: z.string().nullable(),
  }),
});
export const cardErrorResponseSchema = z.object({
  error: z.object({
    type: z.enum(['card_error', 'validation_error']),
    code: z.string(),
    message: z.string(),
  }),
});
