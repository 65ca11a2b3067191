import { z } from 'zod';
import { CANCEL_REASONS } from '../rules/after-sales';
import { PAYMENT_CHANNELS } from '../rules/payment-methods';

const cancelReasonCodes = CANCEL_REASONS.map((reason) => reason.code) as [
  (typeof CANCEL_REASONS)[number]['code'],
  ...(typeof CANCEL_REASONS)[number]['code'][],
];

export const CANCEL_REASON_TEXT_MAX = 500;

/** The sentences of the cancel form; the API answers the same ones after the field's name. */
export const CANCEL_ORDER_MESSAGES = {
  reasonCode: 'Please choose a reason.',
  reasonText: 'Please tell us why you are cancelling.',
  reasonTextTooLong: `Please keep the reason under ${CANCEL_REASON_TEXT_MAX} characters.`,
} as const;

/** The change-address form: nothing chosen, or the order's own address. */
export const CHOOSE_ANOTHER_ADDRESS = 'Please choose another address.';

/** 'Please choose a reason.' → 'reasonCode: please choose a reason.' (the API's wording). */
const apiMessage = (field: string, message: string) =>
  `${field}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;

const cancelReasonText = (withField: (field: string, message: string) => string) =>
  z
    .string()
    .trim()
    .max(CANCEL_REASON_TEXT_MAX, {
      error: withField('reasonText', CANCEL_ORDER_MESSAGES.reasonTextTooLong),
    });

/** POST /order/{orderId}/cancel: a reason from the list; free text required for 'Another reason'. */
export const cancelOrderInputSchema = z
  .object({
    reasonCode: z.enum(cancelReasonCodes, {
      error: apiMessage('reasonCode', CANCEL_ORDER_MESSAGES.reasonCode),
    }),
    reasonText: cancelReasonText(apiMessage).optional(),
  })
  .refine((input) => input.reasonCode !== 'other' || (input.reasonText ?? '').length > 0, {
    error: apiMessage('reasonText', CANCEL_ORDER_MESSAGES.reasonText),
    path: ['reasonText'],
  });
export type CancelOrderInput = z.infer<typeof cancelOrderInputSchema>;

/**
 * The cancel form (the same rule as cancelOrderInputSchema, in the form's sentences): no reason
 * chosen yet is ''; empty free text is left out of what is sent.
 */
export const cancelOrderFormSchema = z
  .object({
    reasonCode: z.enum(cancelReasonCodes, { error: CANCEL_ORDER_MESSAGES.reasonCode }),
    reasonText: cancelReasonText((_field, message) => message),
  })
  .refine((input) => input.reasonCode !== 'other' || input.reasonText.length > 0, {
    error: CANCEL_ORDER_MESSAGES.reasonText,
    path: ['reasonText'],
  })
  .transform(({ reasonCode, reasonText }): CancelOrderInput => ({
    reasonCode,
    ...(reasonText ? { reasonText } : {}),
  }));
export type CancelOrderFormValues = {
  reasonCode: z.input<typeof cancelOrderFormSchema>['reasonCode'] | '';
  reasonText: string;
};

/** PUT /order/{orderId}/address: another address of the owner's address book. */
export const changeOrderAddressInputSchema = z.object({
  addressId: z.number().int().positive(),
});
export type ChangeOrderAddressInput = z.infer<typeof changeOrderAddressInputSchema>;

/**
 * The change-address form: an address of the book other than the order's current one. The radio
 * buttons hold the id as text ('' when none is chosen).
 */
export function changeOrderAddressFormSchema(currentAddressId: number | null) {
  return z.object({
    addressId: z.coerce
      .number({ error: CHOOSE_ANOTHER_ADDRESS })
      .int(CHOOSE_ANOTHER_ADDRESS)
      .positive(CHOOSE_ANOTHER_ADDRESS)
      .refine((id) => id !== currentAddressId, CHOOSE_ANOTHER_ADDRESS),
  });
}
export type ChangeOrderAddressFormValues = { addressId: string };

/**
 * 'duplicate': an online payment the order did not need (a second payment of an order already
 * paid, or one of a total the order no longer has), given back in full (issue 28).
 */
export const REFUND_REASONS = ['cancellation', 'return', 'damage', 'duplicate'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const PAYOUT_CHANNELS = ['upi', 'bank_transfer'] as const;
export type PayoutChannel = (typeof PAYOUT_CHANNELS)[number];

/** A refund as the order page shows it (money in rupees, as the rest of the order API). */
export const refundSummarySchema = z.object({
  id: z.number().int(),
  reason: z.enum(REFUND_REASONS),
  method: z.enum(['card', 'payout']),
  amount: z.number(),
  amountMinor: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  payoutChannel: z.enum(PAYOUT_CHANNELS).nullable(),
  payoutReference: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type RefundSummary = z.infer<typeof refundSummarySchema>;

export const orderCancellationSchema = z.object({
  by: z.enum(['customer', 'admin']),
  byName: z.string().nullable(),
  reasonCode: z.string(),
  reasonLabel: z.string(),
  reasonText: z.string().nullable(),
  at: z.string(),
});
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

/**
 * One payment of the order as its page shows it (issue 28): the provider, the provider's ids
 * (for Razorpay the order and the payment id), how it was paid (UPI, card…) and its state.
 * method 'card' means paid online through the provider, whatever the channel.
 */
export const orderPaymentSummarySchema = z.object({
  id: z.number().int(),
  provider: z.enum(['razorpay', 'stripe', 'test', 'none']),
  method: z.enum(['card', 'cash_on_delivery']),
  channel: z.enum(PAYMENT_CHANNELS).nullable(),
  providerOrderId: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  status: z.enum(['requires_payment', 'succeeded', 'failed', 'pending']),
  amount: z.number(),
  /** Why the last attempt failed, as the provider said it. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderPaymentSummary = z.infer<typeof orderPaymentSummarySchema>;

/** GET /order/{orderId}/after-sales: what happened after the order, and what the owner may do. */
export const orderAfterSalesSchema = z.object({
  cancellation: orderCancellationSchema.nullable(),
  refunds: z.array(refundSummarySchema),
  payments: z.array(orderPaymentSummarySchema),
  canCancel: z.boolean(),
  cancelBlockReason: z.string().nullable(),
  canChangeAddress: z.boolean(),
  cancelDeadline: z.string().nullable(),
});
export type OrderAfterSales = z.infer<typeof orderAfterSalesSchema>;

/** Labels of the refund's state on the order page. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'processing',
  succeeded: 'refunded',
  failed: 'failed — our team will contact you',
};

export const cancelOrderResponseSchema = z.object({
  message: z.string(),
  afterSales: orderAfterSalesSchema,
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;
