import { z } from 'zod';
import { paginationSchema } from './common';

/**
 * Issue 19 coupons (admin) and the order's discounts before payment (the shopper). Amounts are
 * rupees with at most two decimals, like every other amount of the API; the server keeps paise.
 */
export const COUPON_PAGE_SIZE = 20;
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;

export const COUPON_MESSAGES = {
  code: 'Code must be 3 to 40 letters, digits, hyphens or underscores.',
  kind: 'Kind must be percent or fixed.',
  percentOff: 'Percent off must be a whole number from 1 to 100.',
  amountOff: 'Amount off must be more than 0 with at most two decimals.',
  percentNeedsPercent: 'A percent coupon needs percentOff and no amountOff.',
  fixedNeedsAmount: 'A fixed coupon needs amountOff and no percentOff.',
  maxDiscount: 'Maximum discount must be more than 0 with at most two decimals.',
  minOrder: 'Minimum order value must be 0 or more with at most two decimals.',
  startsAt: 'Starts at must be a date and time.',
  endsAt: 'Ends at must be a date and time after it starts.',
  usageLimit: 'Usage limit must be a whole number from 1.',
  perCustomerLimit: 'Per-customer limit must be a whole number from 1.',
  ids: 'Ids must be whole numbers from 1.',
  description: 'Description must be at most 200 characters.',
  page: 'Page must be a whole number from 1.',
} as const;

const rupeesAmount = (message: string, min: 'positive' | 'zero') =>
  z
    .number({ error: message })
    // At least one paisa: 5e-324 passes the two-decimals check below yet is stored as 0 paise,
    // which the table's checks refuse (a 500 found by the fuzzer).
    .refine((v) => Number.isFinite(v) && (min === 'positive' ? v >= 0.01 : v >= 0), message)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, message)
    .refine((v) => v <= 10_000_000, message);

const dateTime = (message: string) =>
  z
    .string({ error: message })
    .refine((v) => !Number.isNaN(Date.parse(v)), message)
    .transform((v) => new Date(v).toISOString());

const idList = z
  .array(
    z.number({ error: COUPON_MESSAGES.ids }).int(COUPON_MESSAGES.ids).positive(COUPON_MESSAGES.ids),
  )
  .max(500)
  .default([]);

/** What an admin writes: create and edit send the whole coupon. */
export const couponInputSchema = z
  .object({
    code: z
      .string({ error: COUPON_MESSAGES.code })
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(COUPON_CODE_PATTERN, COUPON_MESSAGES.code)),
    description: z.string().trim().max(200, COUPON_MESSAGES.description).nullable().default(null),
    kind: z.enum(['percent', 'fixed'], { error: COUPON_MESSAGES.kind }),
    percentOff: z
      .number({ error: COUPON_MESSAGES.percentOff })
      .int(COUPON_MESSAGES.percentOff)
      .min(1, COUPON_MESSAGES.percentOff)
      .max(100, COUPON_MESSAGES.percentOff)
      .nullable()
      .default(null),
    amountOff: rupeesAmount(COUPON_MESSAGES.amountOff, 'positive').nullable().default(null),
    maxDiscount: rupeesAmount(COUPON_MESSAGES.maxDiscount, 'positive').nullable().default(null),
    minOrderValue: rupeesAmount(COUPON_MESSAGES.minOrder, 'zero').default(0),
    startsAt: dateTime(COUPON_MESSAGES.startsAt),
    endsAt: dateTime(COUPON_MESSAGES.endsAt).nullable().default(null),
    usageLimit: z
      .number({ error: COUPON_MESSAGES.usageLimit })
      .int(COUPON_MESSAGES.usageLimit)
      .min(1, COUPON_MESSAGES.usageLimit)
      .max(10_000_000, COUPON_MESSAGES.usageLimit)
      .nullable()
      .default(null),
    perCustomerLimit: z
      .number({ error: COUPON_MESSAGES.perCustomerLimit })
      .int(COUPON_MESSAGES.perCustomerLimit)
      .min(1, COUPON_MESSAGES.perCustomerLimit)
      .max(10_000, COUPON_MESSAGES.perCustomerLimit)
      .nullable()
      .default(null),
    divisionIds: idList,
    productIds: idList,
    excludePrescription: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .superRefine((value, context) => {
    if (value.kind === 'percent' && (value.percentOff === null || value.amountOff !== null))
      context.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: COUPON_MESSAGES.percentNeedsPercent,
      });
    if (value.kind === 'fixed' && (value.amountOff === null || value.percentOff !== null))
      context.addIssue({
        code: 'custom',
        path: ['amountOff'],
        message: COUPON_MESSAGES.fixedNeedsAmount,
      });
    if (value.endsAt !== null && Date.parse(value.endsAt) <= Date.parse(value.startsAt))
      context.addIssue({ code: 'custom', path: ['endsAt'], message: COUPON_MESSAGES.endsAt });
  });
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponInputParsed = z.output<typeof couponInputSchema>;

/** The admin's coupon form: every field as typed, the divisions ticked, the two switches. */
export interface CouponFormValues {
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  percentOff: string;
  amountOff: string;
  maxDiscount: string;
  minOrderValue: string;
  /** 'yyyy-MM-ddTHH:mm' in the admin's own time zone, as a datetime-local field holds it. */
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  divisionIds: number[];
  /** Ids separated by commas or spaces. */
  productIds: string;
  excludePrescription: boolean;
  isActive: boolean;
}

/** Empty stays null; anything else is read as a number (the schema says what is wrong with it). */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));
/** A local date and time as an instant; text that is no date is left for the schema to refuse. */
const isoOrText = (value: string) => {
  if (value.trim() === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
};

/** What the form's text means as the API's coupon (only the chosen kind's amount is sent). */
export function couponInputOfForm(form: CouponFormValues): CouponInput {
  return {
    code: form.code,
    description: form.description.trim() === '' ? null : form.description,
    kind: form.kind,
    percentOff: form.kind === 'percent' ? numberOrNull(form.percentOff) : null,
    amountOff: form.kind === 'fixed' ? numberOrNull(form.amountOff) : null,
    maxDiscount: numberOrNull(form.maxDiscount),
    minOrderValue: numberOrNull(form.minOrderValue) ?? 0,
    startsAt: isoOrText(form.startsAt),
    endsAt: form.endsAt.trim() === '' ? null : isoOrText(form.endsAt),
    usageLimit: numberOrNull(form.usageLimit),
    perCustomerLimit: numberOrNull(form.perCustomerLimit),
    divisionIds: form.divisionIds,
    productIds: form.productIds
      .split(/[\s,]+/)
      .filter((part) => part !== '')
      .map(Number),
    excludePrescription: form.excludePrescription,
    isActive: form.isActive,
  };
}

/**
 * The coupon form's rule: its text read as the API's coupon, then the API's own schema, so the
 * form and the server refuse the same coupons with the same sentences (on the same field names).
 */
export const couponFormSchema = z
  .custom<CouponFormValues>((value) => typeof value === 'object' && value !== null)
  .transform(couponInputOfForm)
  .pipe(couponInputSchema);

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.number().int().nullable(),
  amountOff: z.number().nullable(),
  maxDiscount: z.number().nullable(),
  minOrderValue: z.number(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  /** Uses held now (applied to an order and not released by removal or cancellation). */
  timesUsed: z.number().int(),
  divisionIds: z.array(z.number().int()),
  productIds: z.array(z.number().int()),
  excludePrescription: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

/**
 * A stored coupon in the shape the form and the API write it: what an edit starts from (the web
 * form, deactivation sending it back with one flag changed) and what an edit's audit entry
 * compares with (the server).
 */
export function couponInputOf(coupon: Coupon): CouponInputParsed {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOff,
    maxDiscount: coupon.maxDiscount,
    minOrderValue: coupon.minOrderValue,
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    usageLimit: coupon.usageLimit,
    perCustomerLimit: coupon.perCustomerLimit,
    divisionIds: coupon.divisionIds,
    productIds: coupon.productIds,
    excludePrescription: coupon.excludePrescription,
    isActive: coupon.isActive,
  };
}

export const couponListQuerySchema = z.object({
  page: z.coerce
    .number({ error: COUPON_MESSAGES.page })
    .int(COUPON_MESSAGES.page)
    .min(1, COUPON_MESSAGES.page)
    .max(100_000, COUPON_MESSAGES.page)
    .default(1),
});
export type CouponListQuery = z.infer<typeof couponListQuerySchema>;

export const couponListResponseSchema = z.object({
  coupons: z.array(couponSchema),
  pagination: paginationSchema,
});
export type CouponListResponse = z.infer<typeof couponListResponseSchema>;

/* ---- The shopper's side: discounts on an order waiting for payment ---- */

export const PROMOTION_MESSAGES = {
  code: 'Enter a coupon code.',
  points: 'Choose a whole number of points to use.',
  /** The payment step's form, empty, for a member who has points. */
  codeOrPoints: 'Enter a coupon code or the points to use.',
} as const;

export const applyCouponSchema = z.object({
  code: z
    .string({ error: PROMOTION_MESSAGES.code })
    .trim()
    .min(1, PROMOTION_MESSAGES.code)
    .max(40, PROMOTION_MESSAGES.code)
    .transform((v) => v.toUpperCase()),
});
export type ApplyCouponInput = z.input<typeof applyCouponSchema>;

export const applyPointsSchema = z.object({
  points: z
    .number({ error: PROMOTION_MESSAGES.points })
    .int(PROMOTION_MESSAGES.points)
    .min(1, PROMOTION_MESSAGES.points)
    .max(100_000_000, PROMOTION_MESSAGES.points),
});
export type ApplyPointsInput = z.infer<typeof applyPointsSchema>;

/**
 * PUT /order/{orderId}/discounts: the order's coupon (null: none) and points (0: none), set
 * together in one request, as the payment step sends them.
 */
export const setOrderDiscountsSchema = z.object({
  couponCode: applyCouponSchema.shape.code.nullable(),
  points: z
    .number({ error: PROMOTION_MESSAGES.points })
    .int(PROMOTION_MESSAGES.points)
    .min(0, PROMOTION_MESSAGES.points)
    .max(100_000_000, PROMOTION_MESSAGES.points),
});
export type SetOrderDiscountsInput = z.input<typeof setOrderDiscountsSchema>;

/** The payment step's discounts form: a code and the points as typed (either may be empty). */
export interface OrderDiscountsFormValues {
  code: string;
  points: string;
}

/**
 * The discounts form's rule: points, when typed, a whole number; something typed at all (the
 * points only count when the member has some). It gives what was typed, null for an empty field,
 * and the form fills those with what the order holds.
 */
export function orderDiscountsFormSchema(pointsOffered: boolean) {
  return z
    .object({
      code: z.string().trim(),
      points: z
        .string()
        .trim()
        .refine((v) => v === '' || /^\d+$/.test(v), PROMOTION_MESSAGES.points),
    })
    .refine((form) => form.code !== '' || form.points !== '', {
      error: pointsOffered ? PROMOTION_MESSAGES.codeOrPoints : PROMOTION_MESSAGES.code,
      path: ['code'],
    })
    .transform((form) => ({
      couponCode: form.code === '' ? null : form.code,
      points: form.points === '' ? null : Number(form.points),
    }));
}
export type OrderDiscountsFormOutput = z.output<ReturnType<typeof orderDiscountsFormSchema>>;

/** What the payment step shows: the order's figures and what the shopper may still apply. */
export const orderPricingSchema = z.object({
  orderId: z.number().int(),
  /** Whether coupons and points may change now (waiting for payment, nothing paid). */
  editable: z.boolean(),
  subtotal: z.number(),
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  points: z.object({
    /** Points spent on this order and their value. */
    redeemed: z.number().int(),
    discount: z.number(),
    /** The member's balance now (not counting what this order holds). */
    balance: z.number().int(),
    /** The most points this order may take, counting what it holds already. */
    maxForOrder: z.number().int(),
    /** What one point is worth, in rupees. */
    pointValue: z.number(),
  }),
  total: z.number(),
});
export type OrderPricing = z.infer<typeof orderPricingSchema>;
