import { z } from 'zod';
import { DAMAGE_REASONS, RETURN_REASONS, RETURN_STATUSES } from '../rules/after-sales';
import { attachedFileSchema } from './attached-file';
import { paginationSchema } from './common';

/**
 * Returns and damage reports (issue 19): what the member sends, what the order page and the
 * admin's returns queue read. Money is answered in rupees like every other amount of the API.
 */

export const RETURN_MESSAGES = {
  noLines: 'Choose at least one item and how many units to send back.',
  reasonUnknown: 'Please choose a reason from the list.',
  photoRequired: 'Please add at least one photo of the damaged or wrong item.',
  photosNotForReturns: 'Photos are only needed when reporting damaged or wrong items.',
  rejectReason: 'Please say why the request is rejected.',
  payoutReference: 'Please give the UPI or bank transfer reference of the payout.',
  amountInvalid: 'The refund must be a positive amount in rupees with at most two decimals.',
  lineNotInOrder: 'An item of the request is not part of this order.',
  notDelivered: 'Only a delivered order can be returned or reported.',
  requested: 'Your request has been sent. We will reply by e-mail.',
  notFound: 'No return request found.',
} as const;

export const RETURN_MAX_PHOTOS = 5;

export const returnKindSchema = z.enum(['return', 'damage']);
export type ReturnKind = z.infer<typeof returnKindSchema>;
export const returnStatusSchema = z.enum(RETURN_STATUSES);

const reasonCodes = [
  ...new Set([...RETURN_REASONS, ...DAMAGE_REASONS].map((r) => r.code as string)),
] as [string, ...string[]];

const units = z.coerce.number().int().min(1).max(10_000);

/** The form fields of POST /api/order/:orderId/returns (multipart; `lines` is JSON text). */
export const returnRequestInputSchema = z.object({
  kind: returnKindSchema,
  reasonCode: z.enum(reasonCodes, { error: RETURN_MESSAGES.reasonUnknown }),
  reasonText: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .transform((v) => (v ? v : null)),
  lines: z
    .array(z.object({ orderLineId: z.coerce.number().int().positive(), units }))
    .min(1, RETURN_MESSAGES.noLines)
    .max(100),
});
export type ReturnRequestInput = z.infer<typeof returnRequestInputSchema>;

/**
 * The request form: every returnable line with its units (0: not sent back), the photos chosen
 * (required for a damage report, as the server checks). What it gives is what the form sends.
 */
export const returnRequestFormSchema = z
  .object({
    kind: returnKindSchema,
    reasonCode: returnRequestInputSchema.shape.reasonCode,
    reasonText: returnRequestInputSchema.shape.reasonText,
    lines: z
      .array(
        z.object({
          orderLineId: z.number().int().positive(),
          units: z.number().int().min(0).max(10_000),
        }),
      )
      .transform((lines) => lines.filter((line) => line.units > 0))
      .pipe(
        z
          .array(z.object({ orderLineId: z.number(), units: z.number() }))
          .min(1, RETURN_MESSAGES.noLines)
          .max(100),
      ),
    photos: z.array(attachedFileSchema).max(RETURN_MAX_PHOTOS),
  })
  .refine((request) => request.kind !== 'damage' || request.photos.length > 0, {
    error: RETURN_MESSAGES.photoRequired,
    path: ['photos'],
  });
export type ReturnRequestFormValues = z.input<typeof returnRequestFormSchema>;
export type ReturnRequestFormOutput = z.output<typeof returnRequestFormSchema>;

export const returnRejectSchema = z.object({
  reason: z
    .string({ error: RETURN_MESSAGES.rejectReason })
    .trim()
    .min(3, RETURN_MESSAGES.rejectReason)
    .max(500),
});
export type ReturnRejectInput = z.infer<typeof returnRejectSchema>;

export const returnReceiveSchema = z.object({
  lines: z
    .array(
      z.object({
        orderLineId: z.number().int().positive(),
        resaleableUnits: z.number().int().min(0).max(10_000),
      }),
    )
    .max(100),
});
export type ReturnReceiveInput = z.infer<typeof returnReceiveSchema>;

const returnPayoutSchema = z.object({
  channel: z.enum(['upi', 'bank_transfer']),
  reference: z
    .string({ error: RETURN_MESSAGES.payoutReference })
    .trim()
    .min(4, RETURN_MESSAGES.payoutReference)
    .max(100),
});

/** Rupees, more than 0 with at most two decimals. */
const refundAmount = (base: z.ZodNumber) =>
  base
    .positive(RETURN_MESSAGES.amountInvalid)
    .max(10_000_000)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, RETURN_MESSAGES.amountInvalid);

export const returnRefundSchema = z.object({
  /** Rupees; the lines' refund due when left out. */
  amount: refundAmount(z.number()).optional(),
  payout: returnPayoutSchema.optional(),
});
export type ReturnRefundInput = z.infer<typeof returnRefundSchema>;

/**
 * The refund form: the amount as typed; a cash-on-delivery order's refund is a payout, so its
 * channel and reference are asked for too (the card's refund needs neither).
 */
export function returnRefundFormSchema(withPayout: boolean) {
  const amount = z
    .string()
    .trim()
    .transform(Number)
    .pipe(refundAmount(z.number({ error: RETURN_MESSAGES.amountInvalid })));
  return withPayout
    ? z
        .object({ amount, ...returnPayoutSchema.shape })
        .transform(({ amount, channel, reference }): ReturnRefundInput => ({
          amount,
          payout: { channel, reference },
        }))
    : z.object({ amount }).transform(({ amount }): ReturnRefundInput => ({ amount }));
}
export interface ReturnRefundFormValues {
  amount: string;
  channel: 'upi' | 'bank_transfer';
  reference: string;
}

export const returnReplaceSchema = z.object({
  note: z.string().trim().max(500).optional(),
});

export const returnRequestLineSchema = z.object({
  orderLineId: z.number().int(),
  productName: z.string(),
  units: z.number().int(),
  resaleableUnits: z.number().int().nullable(),
  /** What these units give back (rupees). */
  refundDue: z.number(),
});

export const returnRequestEventSchema = z.object({
  fromStatus: returnStatusSchema.nullable(),
  toStatus: returnStatusSchema,
  note: z.string().nullable(),
  createdAt: z.string(),
});

export const returnRequestSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  kind: returnKindSchema,
  status: returnStatusSchema,
  reasonCode: z.string(),
  reasonLabel: z.string(),
  reasonText: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  resolution: z.enum(['refund', 'replacement']).nullable(),
  /** Rupees refunded for this request (0 until refunded). */
  refunded: z.number(),
  refundDue: z.number(),
  createdAt: z.string(),
  lines: z.array(returnRequestLineSchema),
  photos: z.array(z.object({ id: z.number().int(), originalName: z.string(), url: z.string() })),
  events: z.array(returnRequestEventSchema),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** Each line of the order as the request form shows it. */
export const returnableLineSchema = z.object({
  orderLineId: z.number().int(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  returnableUnits: z.number().int(),
  /** Why no unit can be returned / reported, per kind; null when some can. */
  blockReason: z.object({ return: z.string().nullable(), damage: z.string().nullable() }),
});

export const orderReturnsResponseSchema = z.object({
  requests: z.array(returnRequestSchema),
  lines: z.array(returnableLineSchema),
  canReturn: z.boolean(),
  returnDeadline: z.string().nullable(),
  returnBlockReason: z.string().nullable(),
  canReportDamage: z.boolean(),
  damageDeadline: z.string().nullable(),
  damageBlockReason: z.string().nullable(),
});
export type OrderReturnsResponse = z.infer<typeof orderReturnsResponseSchema>;

export const returnQueueQuerySchema = z.object({
  status: z.enum([...RETURN_STATUSES, 'open']).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReturnQueueQuery = z.infer<typeof returnQueueQuerySchema>;

export const returnQueueItemSchema = returnRequestSchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  orderTotal: z.number(),
  paymentNote: z.string().nullable(),
  /** Rupees still refundable on the order (paid less refunds). */
  refundable: z.number(),
});
export type ReturnQueueItem = z.infer<typeof returnQueueItemSchema>;

export const returnQueueResponseSchema = z.object({
  requests: z.array(returnQueueItemSchema),
  pagination: paginationSchema,
  counts: z.record(z.string(), z.number().int()),
});
export type ReturnQueueResponse = z.infer<typeof returnQueueResponseSchema>;

export const returnActionResponseSchema = z.object({
  message: z.string(),
  request: returnQueueItemSchema,
});
export type ReturnActionResponse = z.infer<typeof returnActionResponseSchema>;
