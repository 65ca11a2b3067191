import { z } from 'zod';
import { FILTER_ID, LIMITS } from '../constants/limits';
import { MESSAGES, fieldRequired } from '../constants/messages';
import { paginationSchema } from './common';
import { drugScheduleSchema } from './dispensing';
import { receiptBatchFields } from './inventory';
import { GST_RATES, HSN_CODE_PATTERN, isGstRate } from '../rules/gst';

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * A catalogue image. Raster uploads also carry their intrinsic size (after EXIF orientation) and
 * resized WebP variants, narrowest first, ready for `srcset`; images stored before resizing
 * existed and vector (SVG) images have neither.
 */
export const catalogImageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  variants: z.array(z.object({ url: z.string(), width: z.number().int().positive() })).optional(),
});
export type CatalogImage = z.infer<typeof catalogImageSchema>;

/** Spec §3 Product as the API answers it (money as decimal rupees). */
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  offerPrice: z.number(),
  maximumRetailPrice: z.number(),
  quantity: z.number().int(),
  /** Follows from the schedule: true when the schedule needs a prescription. */
  prescription: z.boolean(),
  schedule: drugScheduleSchema,
  /** Most units one order may hold (e.g. codeine syrups); null: only the stock limits it. */
  maxUnitsPerOrder: z.number().int().nullable(),
  isActive: z.boolean(),
  images: z.array(catalogImageSchema),
  divisionId: z.number().int(),
  manufacturerId: z.number().int(),
  saltCompositionId: z.number().int().nullable(),
  division: namedSchema,
  manufacturer: namedSchema,
  /**
   * Issue 30: `slug` is the address of the salt's medicine page, /medicine/{slug}; every product
   * answer has it (optional only so answers kept elsewhere, such as a guest's cart, still parse).
   */
  saltComposition: namedSchema.extend({ slug: z.string().optional() }).nullable(),
  dosageForm: z.string().nullable(),
  strength: z.string().nullable(),
  packSize: z.string().nullable(),
  description: z.string().nullable(),
  /** Printed on the tax invoice (issue 18): 4, 6 or 8 digits. */
  hsnCode: z.string(),
  /** GST percent included in the prices, one of GST_RATES. */
  gstRate: z.number().int(),
  /** Issue 19: false for cold-chain and other items that cannot be resold once sent. */
  returnable: z.boolean().optional(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({
  productList: z.array(productSchema),
  pagination: paginationSchema,
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** A filter id: any integer, where -1 (and the other negative sentinels) mean 'none' (spec §9). */
const filterId = z.coerce.number().int().default(FILTER_ID.NONE);

/** Spec §3 product filter and spec §7 GET /product/all. */
export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.productPageSize),
  search: z.string().trim().max(100).optional(),
  divisionId: filterId,
  manufacturerId: filterId,
  saltCompositionId: filterId,
  /** One reading of the spec spells it so; accepted as an alias. */
  salCompositionId: z.coerce.number().int().optional(),
  orderBy: z.enum(['createdAt', 'offerPrice', 'relevance']).optional(),
  orderType: z.enum(['asc', 'desc']).optional(),
  prescription: z.enum(['true', 'false']).optional(),
  /** Honoured for admins only: the dashboard lists inactive products too. */
  includeInactive: z.enum(['true', 'false']).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const substitutesResponseSchema = z.object({
  substitutes: z.array(
    productSchema.extend({ savingsPerUnit: z.number(), savingsPercent: z.number().int() }),
  ),
});

export const topSellingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(8),
});

/** Checkbox values arrive as text in multipart forms. */
const booleanText = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

const price = (minMessage: string) =>
  z.coerce
    .number({ error: minMessage })
    .refine((v) => Number.isFinite(v), minMessage)
    .refine((v) => v >= LIMITS.minimumPrice, minMessage)
    .refine((v) => v <= 10_000_000, 'Price is too large')
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'Prices have at most two decimals',
    );

const requiredChoice = (label: string) =>
  z.coerce
    .number({ error: fieldRequired(label) })
    .int(fieldRequired(label))
    .positive(fieldRequired(label));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const HSN_CODE_MESSAGE = 'HSN code must be 4, 6 or 8 digits.';
export const GST_RATE_MESSAGE = `GST rate must be ${GST_RATES.slice(0, -1).join(', ')} or ${GST_RATES.at(-1)} %.`;

/** Absent or empty: the product keeps its code (a new one gets DEFAULT_HSN_CODE). */
export const hsnCodeField = z
  .string({ error: HSN_CODE_MESSAGE })
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || HSN_CODE_PATTERN.test(v), HSN_CODE_MESSAGE);

/** Absent or empty: the product keeps its rate (a new one gets DEFAULT_GST_RATE). */
export const gstRateField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce
    .number({ error: GST_RATE_MESSAGE })
    .refine((v) => isGstRate(v), GST_RATE_MESSAGE)
    .optional(),
);

const MAX_UNITS_MESSAGE = 'Maximum units per order must be a whole number from 1 to 1000.';

/** Empty clears the limit; absent leaves it as it is (multipart forms send text). */
const maxUnitsPerOrderField = z
  .union([z.null(), z.literal(''), z.coerce.number({ error: MAX_UNITS_MESSAGE })])
  .optional()
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v == null || (Number.isInteger(v) && v >= 1 && v <= 1000), MAX_UNITS_MESSAGE);

/** One rule per product field: the admin form, the API and the catalogue CSV import (issue 18). */
export const productFields = {
  name: z
    .string({ error: MESSAGES.productNameRequired })
    .trim()
    .min(1, MESSAGES.productNameRequired)
    .max(200),
  maximumRetailPrice: price(MESSAGES.mrpMin),
  offerPrice: price(MESSAGES.offerPriceMin),
  divisionId: requiredChoice('Division'),
  manufacturerId: requiredChoice('Manufacturer'),
  saltCompositionId: requiredChoice('Salt Composition'),
  prescription: booleanText.default(false),
  /** A drug schedule code; when absent the schedule follows from `prescription`. */
  scheduleCode: z
    .string()
    .trim()
    .max(10, 'Please choose a schedule from the list.')
    .optional()
    .transform((v) => (v ? v : undefined)),
  maxUnitsPerOrder: maxUnitsPerOrderField,
  isActive: booleanText.default(true),
  dosageForm: optionalText(60),
  strength: optionalText(100),
  packSize: optionalText(100),
  description: optionalText(4000),
  hsnCode: hsnCodeField,
  gstRate: gstRateField,
  /** Absent: the product keeps its flag (a new one is returnable). */
  returnable: booleanText.optional(),
};

const offerNotAboveMrp = {
  path: ['offerPrice'],
  message: MESSAGES.offerAboveMrp,
};

/**
 * Spec §5 product edit rules, shared by the admin form and the API. Stock is not edited here: it
 * lives in batches, changed by goods receipts and adjustments (docs/decisions/0011).
 */
export const productFormSchema = z
  .object(productFields)
  .refine((v) => v.offerPrice <= v.maximumRetailPrice, offerNotAboveMrp);
export type ProductFormInput = z.infer<typeof productFormSchema>;

/**
 * Spec §5 product add: quantity minimum 1, whole numbers. The quantity is the opening stock and
 * arrives as a first batch, so it comes with that batch's number and expiry date.
 */
export const productCreateSchema = z
  .object({
    ...productFields,
    quantity: z.coerce
      .number({ error: 'Quantity must be a whole number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(1_000_000, 'Quantity is too large'),
    ...receiptBatchFields,
  })
  .refine((v) => v.offerPrice <= v.maximumRetailPrice, offerNotAboveMrp);
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

/** Said when a product edit changes the quantity (the same one sent back is fine): stock changes go through the batches. */
export const PRODUCT_QUANTITY_NOT_EDITABLE =
  'quantity: Stock is kept in batches. Receive a batch or adjust one in the Stock section.';

export const divisionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  images: catalogImageSchema.nullable(),
  productCount: z.number().int().optional(),
});
export type Division = z.infer<typeof divisionSchema>;

export const catalogEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  productCount: z.number().int().optional(),
  /** Salt compositions only (issue 30): the address of the medicine page, /medicine/{slug}. */
  slug: z.string().optional(),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const catalogNameSchema = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .max(200, 'Name is too long'),
});
export type CatalogNameInput = z.infer<typeof catalogNameSchema>;

export const catalogListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  search: z.string().trim().max(100).optional(),
});

export const divisionListResponseSchema = z.object({ divisionList: z.array(divisionSchema) });
export const manufacturerListResponseSchema = z.object({
  manufacturerList: z.array(catalogEntrySchema),
});
export const saltCompositionListResponseSchema = z.object({
  saltCompositionList: z.array(catalogEntrySchema),
});

/**
 * Spec §2 home search: a blank term is refused with 'Please enter a search term.'; the term is
 * trimmed and held to the product list's own limit.
 */
export const searchTermFormSchema = z.object({
  search: z.string().trim().min(1, MESSAGES.searchTermRequired).max(100),
});
