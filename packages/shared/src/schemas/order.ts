import { z } from 'zod';
import { dispensingApprovalSchema } from './dispensing';
import { interactionFindingsSchema, interactionOverrideSchema } from './interaction-checks';
import { patientSchema } from './patients';
import { orderTaxDocumentsSchema } from './tax-documents';
import { ORDER_STATUS_IDS } from '../constants/order-status';
import { paginationSchema } from './common';
import { adminOrderFilterFields, endNotBeforeStart } from './order-filters';

export const shippingAddressSchema = z.object({
  name: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pinCode: z.string(),
  alternatePhone: z.string().nullable(),
});

/** Spec §3 Order. */
export const orderSchema = z.object({
  id: z.number().int(),
  statusId: z.number().int(),
  status: z.string(),
  addressId: z.number().int().nullable(),
  userId: z.number().int(),
  /** Issue 32: the money fields are left out for staff without money.view (the packer). */
  totalOrderValue: z.number().optional(),
  createdAt: z.string(),
  expectedDeliveryDate: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  orderedBy: z.object({ id: z.number().int(), name: z.string() }),
  itemCount: z.number().int(),
  firstItemImage: z.string().nullable(),
  hasPrescriptionItems: z.boolean(),
  shippingAddress: shippingAddressSchema.nullable(),
  paymentNote: z.string().nullable().optional(),
  /** Issue 19: what the lines cost before discounts; totalOrderValue is what is paid. */
  subtotal: z.number().optional(),
  couponCode: z.string().nullable().optional(),
  couponDiscount: z.number().optional(),
  pointsRedeemed: z.number().int().optional(),
  pointsDiscount: z.number().optional(),
  /** Issue 19: the owner may still cancel it (not dispatched, within the FAQ's window). */
  canCancel: z.boolean(),
  /** Issue 31: the member's patient the prescription is for (GET /api/patients); null: none chosen. */
  patientId: z.number().int().nullable().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** Spec §3 OrderDetail: quantity (also count in one reading) and the product, or null once deleted. */
export const orderDetailLineSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  count: z.number().int(),
  productName: z.string(),
  /** Issue 32: the prices are left out for staff without money.view (the packer). */
  offerPrice: z.number().optional(),
  maximumRetailPrice: z.number().optional(),
  lineTotal: z.number().optional(),
  /** Issue 19: the line's share of the coupon and points discounts (lineTotal − discount is paid). */
  discount: z.number().optional(),
  prescription: z.boolean(),
  product: z
    .object({
      id: z.number().int(),
      name: z.string(),
      images: z.array(z.object({ url: z.string() })),
    })
    .nullable(),
  /**
   * Staff only: the batches the line's units came from (first expiry first out), for picking
   * and for recalls; `returned` once a cancellation put them back.
   */
  batches: z
    .array(
      z.object({
        batchId: z.number().int(),
        batchNumber: z.string(),
        expiryDate: z.string(),
        units: z.number().int(),
        returned: z.boolean(),
      }),
    )
    .optional(),
});
export type OrderDetailLine = z.infer<typeof orderDetailLineSchema>;

export const orderStatusHistoryEntrySchema = z.object({
  fromStatusId: z.number().int().nullable(),
  toStatusId: z.number().int(),
  changedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});

/** Dispensing safety of one order (issue 16). */
export const orderDispensingSchema = z.object({
  /** The pharmacist who approved the prescription: shown to the customer. */
  approval: dispensingApprovalSchema.nullable(),
  /** The statuses an admin may set next (the order state machine); empty for customers. */
  nextStatusIds: z.array(z.number().int()),
  /** Lines of different products with the same salt composition. */
  duplicateTherapies: z.array(
    z.object({
      saltCompositionId: z.number().int(),
      saltCompositionName: z.string(),
      productIds: z.array(z.number().int()),
      productNames: z.array(z.string()),
      message: z.string(),
    }),
  ),
  /**
   * Admins only (issue 31 point 4): the major interactions the pharmacist approved the order
   * despite, with their reason, who and when.
   */
  interactionOverrides: z.array(interactionOverrideSchema).optional(),
  /**
   * Admins only (issue 31 points 1 and 5): the patient the order is for, as the member recorded
   * them (age, sex, allergies), for the pharmacist's review; null when none was chosen.
   */
  patient: patientSchema.nullable().optional(),
  /**
   * Admins only: the shop's prescription validity settings (days after issue), so the review
   * panel's "valid until" is the date the server will keep.
   */
  prescriptionValidity: z
    .object({ validDays: z.number().int(), h1ValidDays: z.number().int() })
    .optional(),
});
export type OrderDispensing = z.infer<typeof orderDispensingSchema>;

export const orderDetailResponseSchema = z.object({
  order: orderSchema,
  orderDetails: z.array(orderDetailLineSchema),
  statusHistory: z.array(orderStatusHistoryEntrySchema),
  dispensing: orderDispensingSchema,
  /** The GST invoice and credit notes to download (issue 18). */
  taxDocuments: orderTaxDocumentsSchema,
  /**
   * Issue 31 point 4: the drug interactions between the order's lines, with the patient's (or
   * member's) orders of the 90 days before it was placed and since, and the patient's allergies.
   * Always sent by the server.
   */
  interactions: interactionFindingsSchema.optional(),
});
export type OrderDetailResponse = z.infer<typeof orderDetailResponseSchema>;

export const orderListQuerySchema = z
  .object({
    userId: z.coerce.number().int().positive().optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    /** Spec §3: statusId 0 means every status. */
    statusId: z.coerce.number().int().min(0).max(10).default(0),
    ...adminOrderFilterFields,
  })
  .superRefine(endNotBeforeStart);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderListResponseSchema = z.object({
  orderList: z.array(orderSchema),
  pagination: paginationSchema,
});
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

export const placeOrderResponseSchema = z.object({
  orderId: z.number().int(),
  message: z.string(),
  /** Issue 31 point 4: the new order's interactions (not sent for a retried request's order). */
  interactions: interactionFindingsSchema.optional(),
});

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected delivery date must be a date (yyyy-MM-dd)')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    'Expected delivery date must be a real date',
  );

/** Spec §7 PUT /order/{orderId}: one of statusId, addressId, payment or expectedDeliveryDate. */
export const orderUpdateSchema = z
  .object({
    statusId: z
      .number()
      .int()
      .refine((v) => (ORDER_STATUS_IDS as number[]).includes(v), 'statusId: unknown order status')
      .optional(),
    addressId: z.number().int().positive().optional(),
    payment: z.string().trim().max(200).optional(),
    expectedDeliveryDate: isoDate.nullable().optional(),
    /** Why the status changed (cancellation or rejection reason), kept in the history. */
    note: z.string().trim().max(500).optional(),
  })
  .refine(
    (v) =>
      v.statusId !== undefined ||
      v.addressId !== undefined ||
      v.payment !== undefined ||
      v.expectedDeliveryDate !== undefined,
    'Nothing to update: send statusId, addressId, payment or expectedDeliveryDate.',
  );
export type OrderUpdateInput = z.infer<typeof orderUpdateSchema>;

/** The admin's expected-delivery-date form (yyyy-MM-dd, as a date field holds it). */
export const orderDeliveryDateFormSchema = z.object({ expectedDeliveryDate: isoDate });
export type OrderDeliveryDateFormValues = z.infer<typeof orderDeliveryDateFormSchema>;

export const orderUpdateResponseSchema = z.object({ message: z.string(), order: orderSchema });
