import { z } from 'zod';
import { orderSchema } from './order';

export const createIntentResponseSchema = z.object({
  provider: z.enum(['stripe', 'test']),
  intentId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string().nullable(),
  amount: z.number(),
});
export type CreateIntentResponse = z.infer<typeof createIntentResponseSchema>;

/** Spec §7 POST /payment/save-payment-details/{orderId}. */
export const savePaymentSchema = z.object({
  paymentId: z.string().trim().min(1, 'paymentId is required').max(255),
  paymentMethodId: z.string().trim().max(255).optional().nullable(),
});
export const savePaymentResponseSchema = z.object({ message: z.string(), order: orderSchema });

/** The built-in test provider's card form (DECISIONS: offline, with the usual test cards). */
export const testCardConfirmSchema = z.object({
  clientSecret: z.string().min(10).max(200),
  cardNumber: z.string().trim().min(1, 'Your card number is incomplete.').max(30),
  expiry: z.string().trim().min(1, "Your card's expiration date is incomplete.").max(7),
  cvc: z.string().trim().min(1, "Your card's security code is incomplete.").max(4),
});
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
