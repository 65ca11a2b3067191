import { z } from 'zod';
import { isCalendarDay, utcDay, type BatchState } from '../rules/stock';
import { paginationSchema } from './common';

/** Why a product's units on hand changed: one ledger row per batch and movement. */
export const STOCK_MOVEMENT_KINDS = [
  'receipt',
  'sale',
  'cancellation_return',
  'adjustment',
  'expiry_write_off',
  'recall',
  'customer_return',
  'return_write_off',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const STOCK_MOVEMENT_LABELS: Record<StockMovementKind, string> = {
  receipt: 'Goods receipt',
  sale: 'Sale',
  cancellation_return: 'Returned by cancellation',
  adjustment: 'Adjustment',
  expiry_write_off: 'Expiry write-off',
  recall: 'Recall',
  customer_return: 'Returned by the customer',
  return_write_off: 'Customer return written off',
};

/** The reasons a pharmacist gives for changing a batch's count by hand. */
export const ADJUSTMENT_REASONS = [
  'damaged',
  'count_correction',
  'returned_by_customer',
  'returned_to_supplier',
  'lost_or_stolen',
  'other',
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  damaged: 'Damaged',
  count_correction: 'Count correction',
  returned_by_customer: 'Returned by customer',
  returned_to_supplier: 'Returned to supplier',
  lost_or_stolen: 'Lost or stolen',
  other: 'Other (explain in the note)',
};

export const BATCH_STATES = ['sellable', 'short_dated', 'expired', 'recalled', 'empty'] as const;

export const STOCK_MESSAGES = {
  productRequired: 'Product is required',
  batchNumberRequired: 'Batch number is required',
  batchNumberInvalid: 'Batch number may use letters, digits, spaces and - / . only',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: 'Expiry date must be a date (yyyy-MM-dd)',
  expiryInPast: 'Expiry date cannot be in the past',
  unitsPositive: 'Units must be a whole number of at least 1',
  unitsNonZero: 'Units must be a whole number other than 0',
  unitsTooLarge: 'Units must be at most 1,000,000',
  reasonRequired: 'Reason is required',
  noteRequiredForOther: 'Say what happened in the note',
  recallReasonRequired: 'A recall reason is required',
  reorderLevelInvalid: 'Reorder level must be a whole number from 0 to 100,000',
  purchasePriceInvalid: 'Purchase price must be an amount of at least 0 with at most 2 decimals',
  received: 'Stock received',
  adjusted: 'Stock adjusted',
  writtenOff: 'Units written off',
  recalled: 'Batch recalled',
  reorderLevelSaved: 'Reorder level saved',
  batchNotFound: 'No batch found.',
  productNotFound: 'No product found.',
} as const;

const MAX_UNITS = 1_000_000;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const batchNumberSchema = z
  .string({ error: STOCK_MESSAGES.batchNumberRequired })
  .trim()
  .min(1, STOCK_MESSAGES.batchNumberRequired)
  .max(40, 'Batch number is at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, STOCK_MESSAGES.batchNumberInvalid);

/** An expiry date on a goods receipt: a real day, today or later. */
export const receiptExpirySchema = z
  .string({ error: STOCK_MESSAGES.expiryRequired })
  .trim()
  .min(1, STOCK_MESSAGES.expiryRequired)
  .refine(isCalendarDay, STOCK_MESSAGES.expiryInvalid)
  .refine((day) => day >= utcDay(), STOCK_MESSAGES.expiryInPast);

const receivedUnits = z.coerce
  .number({ error: STOCK_MESSAGES.unitsPositive })
  .int(STOCK_MESSAGES.unitsPositive)
  .min(1, STOCK_MESSAGES.unitsPositive)
  .max(MAX_UNITS, STOCK_MESSAGES.unitsTooLarge);

/** Rupees with at most two decimals, or nothing. */
const purchasePrice = z
  .union([z.number(), z.string().trim()])
  .optional()
  .nullable()
  .transform((v) => (v === '' || v === undefined || v === null ? null : Number(v)))
  .refine(
    (v) =>
      v === null ||
      (Number.isFinite(v) &&
        v >= 0 &&
        v <= 10_000_000 &&
        Math.abs(v * 100 - Math.round(v * 100)) < 1e-6),
    STOCK_MESSAGES.purchasePriceInvalid,
  );

/** The batch fields of a goods receipt, shared by the receipt API and a new product's opening stock. */
export const receiptBatchFields = {
  batchNumber: batchNumberSchema,
  expiryDate: receiptExpirySchema,
  supplier: optionalText(120),
  invoiceReference: optionalText(60),
  purchasePrice,
};

/** POST /inventory/receipts: units of one batch arrive for one product. */
export const goodsReceiptSchema = z.object({
  productId: z.coerce
    .number({ error: STOCK_MESSAGES.productRequired })
    .int(STOCK_MESSAGES.productRequired)
    .positive(STOCK_MESSAGES.productRequired),
  units: receivedUnits,
  ...receiptBatchFields,
});
export type GoodsReceiptInput = z.infer<typeof goodsReceiptSchema>;

export const stockAdjustmentSchema = z
  .object({
    units: z.coerce
      .number({ error: STOCK_MESSAGES.unitsNonZero })
      .int(STOCK_MESSAGES.unitsNonZero)
      .refine((v) => v !== 0, STOCK_MESSAGES.unitsNonZero)
      .refine((v) => Math.abs(v) <= MAX_UNITS, STOCK_MESSAGES.unitsTooLarge),
    reason: z.enum(ADJUSTMENT_REASONS, { error: STOCK_MESSAGES.reasonRequired }),
    note: optionalText(500),
  })
  .refine((v) => v.reason !== 'other' || v.note !== null, {
    path: ['note'],
    message: STOCK_MESSAGES.noteRequiredForOther,
  });
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentSchema>;

export const writeOffSchema = z.object({ note: optionalText(500) });
export type WriteOffInput = z.infer<typeof writeOffSchema>;

export const recallSchema = z.object({
  reason: z
    .string({ error: STOCK_MESSAGES.recallReasonRequired })
    .trim()
    .min(1, STOCK_MESSAGES.recallReasonRequired)
    .max(500, 'Reason is at most 500 characters'),
});
export type RecallInput = z.infer<typeof recallSchema>;

export const reorderLevelSchema = z.object({
  reorderLevel: z.coerce
    .number({ error: STOCK_MESSAGES.reorderLevelInvalid })
    .int(STOCK_MESSAGES.reorderLevelInvalid)
    .min(0, STOCK_MESSAGES.reorderLevelInvalid)
    .max(100_000, STOCK_MESSAGES.reorderLevelInvalid),
});
export type ReorderLevelInput = z.infer<typeof reorderLevelSchema>;

export const batchSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  /** Days from today to the expiry date; negative once expired. */
  daysToExpiry: z.number().int(),
  onHand: z.number().int(),
  receivedUnits: z.number().int(),
  receivedAt: z.string(),
  purchasePrice: z.number().nullable(),
  supplier: z.string().nullable(),
  invoiceReference: z.string().nullable(),
  state: z.enum(BATCH_STATES),
  recalledAt: z.string().nullable(),
  recallReason: z.string().nullable(),
});
export type Batch = z.infer<typeof batchSchema> & { state: BatchState };

export const productStockSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  /** Sellable units: what the shop shows as the product's quantity. */
  quantity: z.number().int(),
  /** Units in every batch, sellable or not. */
  onHand: z.number().int(),
  reorderLevel: z.number().int(),
});

export const productStockResponseSchema = z.object({
  product: productStockSchema,
  batches: z.array(batchSchema),
  minShelfLifeDays: z.number().int(),
  /** The earliest expiry date sold today. */
  sellableFrom: z.string(),
});
export type ProductStockResponse = z.infer<typeof productStockResponseSchema>;

export const batchWriteResponseSchema = z.object({
  message: z.string(),
  batch: batchSchema,
  product: productStockSchema,
});
export type BatchWriteResponse = z.infer<typeof batchWriteResponseSchema>;

export const ledgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Signed: units added to (positive) or taken from (negative) the batch. */
  units: z.number().int(),
  batchId: z.number().int(),
  batchNumber: z.string(),
  reason: z.enum(ADJUSTMENT_REASONS).nullable(),
  note: z.string().nullable(),
  orderId: z.number().int().nullable(),
  byName: z.string().nullable(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const ledgerResponseSchema = z.object({
  movements: z.array(stockMovementSchema),
  pagination: paginationSchema,
});
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

export const recallOrderSchema = z.object({
  orderId: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  units: z.number().int(),
  statusId: z.number().int(),
  status: z.string(),
  orderedAt: z.string(),
});
export type RecallOrder = z.infer<typeof recallOrderSchema>;

export const recallOrdersResponseSchema = z.object({
  batch: batchSchema,
  productName: z.string(),
  orders: z.array(recallOrderSchema),
});
export type RecallOrdersResponse = z.infer<typeof recallOrdersResponseSchema>;

export const recallResponseSchema = batchWriteResponseSchema.extend({
  orders: z.array(recallOrderSchema),
});
export type RecallResponse = z.infer<typeof recallResponseSchema>;

const direction = z.enum(['asc', 'desc']).default('asc');

export const lowStockQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(['quantity', 'name', 'shortfall']).default('quantity'),
  direction,
});
export type LowStockQuery = z.infer<typeof lowStockQuerySchema>;

export const lowStockItemSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  reorderLevel: z.number().int(),
  /** Units below the reorder level. */
  shortfall: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const lowStockResponseSchema = z.object({
  items: z.array(lowStockItemSchema),
  pagination: paginationSchema,
});
export type LowStockResponse = z.infer<typeof lowStockResponseSchema>;

export const nearExpiryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  /** Window in days; the shop's NEAR_EXPIRY_DAYS when not given. */
  days: z.coerce.number().int().min(1).max(730).optional(),
  sort: z.enum(['expiryDate', 'name', 'units']).default('expiryDate'),
  direction,
});
export type NearExpiryQuery = z.infer<typeof nearExpiryQuerySchema>;

export const nearExpiryItemSchema = z.object({
  batchId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  daysToExpiry: z.number().int(),
  onHand: z.number().int(),
  state: z.enum(BATCH_STATES),
});
export type NearExpiryItem = z.infer<typeof nearExpiryItemSchema>;

export const nearExpiryResponseSchema = z.object({
  items: z.array(nearExpiryItemSchema),
  days: z.number().int(),
  pagination: paginationSchema,
});
export type NearExpiryResponse = z.infer<typeof nearExpiryResponseSchema>;
