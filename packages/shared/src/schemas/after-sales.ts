import { z } from 'zod';
import { CANCEL_REASONS } from '../rules/after-sales';

const cancelReasonCodes = CANCEL_REASONS.map((reason) => reason.code) as [
  (typeof CANCEL_REASONS)[number]['code'],
  ...(typeof CANCEL_REASONS)[number]['code'][],
];

export const CANCEL_REASON_TEXT_MAX = 500;

/** POST /order/{orderId}/cancel: a reason from the list; free text required for 'Another reason'. */
export const cancelOrderInputSchema = z
  .object({
    reasonCode: z.enum(cancelReasonCodes, { error: 'reasonCode: please choose a reason.' }),
    reasonText: z
      .string()
      .trim()
      .max(CANCEL_REASON_TEXT_MAX, {
        error: `reasonText: please keep the reason under ${CANCEL_REASON_TEXT_MAX} characters.`,
      })
      .optional(),
  })
  .refine((input) => input.reasonCode !== 'other' || (input.reasonText ?? '').length > 0, {
    error: 'reasonText: please tell us why you are cancelling.',
    path: ['reasonText'],
  });
export type CancelOrderInput = z.infer<typeof cancelOrderInputSchema>;

/** PUT /order/{orderId}/address: another address of the owner's address book. */
export const changeOrderAddressInputSchema = z.object({
  addressId: z.number().int().positive(),
});
export type ChangeOrderAddressInput = z.infer<typeof changeOrderAddressInputSchema>;

export const REFUND_REASONS = ['cancellation', 'return', 'damage'] as const;
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

/** GET /order/{orderId}/after-sales: what happened after the order, and what the owner may do. */
export const orderAfterSalesSchema = z.object({
  cancellation: orderCancellationSchema.nullable(),
  refunds: z.array(refundSummarySchema),
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
