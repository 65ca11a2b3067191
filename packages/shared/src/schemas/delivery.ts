import { z } from 'zod';
import {
  MAX_DELIVERY_DAYS,
  PINCODE_INVALID,
  PINCODE_PATTERN,
  WEEKDAYS,
  isTimeOfDay,
} from '../rules/delivery';
import { paginationSchema } from './common';

/** Issue 29: where the shop delivers, its dispatch calendar, and the promise for a pincode. */
export const DELIVERY_AREA_PAGE_SIZE = 50;

export const DELIVERY_MESSAGES = {
  pincode: PINCODE_INVALID,
  pincodeFrom: 'From pincode must be 6 digits, like 560001.',
  pincodeTo: 'To pincode must be 6 digits and not before the first one.',
  zone: 'Zone must be 1 to 60 characters.',
  deliveryDays: `Days to deliver must be a whole number from 0 to ${MAX_DELIVERY_DAYS}.`,
  sameDayCutoff: 'Same-day cut-off must be a time like 14:00.',
  sameDayNeedsCutoff: 'Same-day delivery needs its cut-off time.',
  workingDays: 'Choose at least one working day.',
  dispatchCutoff: 'Dispatch cut-off must be a time like 18:00.',
  holidayDay: 'Holiday must be a date (yyyy-MM-dd).',
  holidayName: 'Holiday name must be 1 to 80 characters.',
  holidaysUnique: 'Each holiday date may be listed once.',
  productId: 'productId must be a whole number from 1.',
} as const;

export const pincodeSchema = z
  .string({ error: DELIVERY_MESSAGES.pincode })
  .trim()
  .regex(PINCODE_PATTERN, DELIVERY_MESSAGES.pincode);

const timeOfDay = (message: string) =>
  z.string({ error: message }).refine((value) => isTimeOfDay(value), message);

export const deliveryEstimateQuerySchema = z.object({
  pincode: pincodeSchema,
  productId: z.coerce
    .number({ error: DELIVERY_MESSAGES.productId })
    .int(DELIVERY_MESSAGES.productId)
    .min(1, DELIVERY_MESSAGES.productId)
    .max(2_147_483_647, DELIVERY_MESSAGES.productId)
    .optional(),
});

export const deliveryEstimateSchema = z.object({
  pincode: z.string(),
  serviceable: z.boolean(),
  zone: z.string().nullable(),
  cashOnDelivery: z.boolean(),
  /** yyyy-MM-dd in India; null when the pincode is not served (or the product cannot be sent). */
  deliverBy: z.string().nullable(),
  dispatchOn: z.string().nullable(),
  sameDay: z.boolean(),
  /** With productId: whether that product can be sent now (in stock). */
  inStock: z.boolean().nullable(),
  /** The sentence to show: "Delivery by Tue, 2 Dec" or "We do not deliver to 123456 yet". */
  text: z.string(),
});
export type DeliveryEstimate = z.infer<typeof deliveryEstimateSchema>;

const areaFields = {
  zone: z
    .string({ error: DELIVERY_MESSAGES.zone })
    .trim()
    .min(1, DELIVERY_MESSAGES.zone)
    .max(60, DELIVERY_MESSAGES.zone),
  serviceable: z.boolean().default(true),
  deliveryDays: z
    .number({ error: DELIVERY_MESSAGES.deliveryDays })
    .int(DELIVERY_MESSAGES.deliveryDays)
    .min(0, DELIVERY_MESSAGES.deliveryDays)
    .max(MAX_DELIVERY_DAYS, DELIVERY_MESSAGES.deliveryDays),
  cashOnDelivery: z.boolean().default(true),
  sameDay: z.boolean().default(false),
  sameDayCutoff: timeOfDay(DELIVERY_MESSAGES.sameDayCutoff).nullable().default(null),
};

/** One pincode (pincodeTo left out or equal) or a range of them. */
export const deliveryAreaInputSchema = z
  .object({
    pincodeFrom: z
      .string({ error: DELIVERY_MESSAGES.pincodeFrom })
      .trim()
      .regex(PINCODE_PATTERN, DELIVERY_MESSAGES.pincodeFrom),
    pincodeTo: z
      .string({ error: DELIVERY_MESSAGES.pincodeTo })
      .trim()
      .regex(PINCODE_PATTERN, DELIVERY_MESSAGES.pincodeTo)
      .optional(),
    ...areaFields,
  })
  .refine((area) => !area.pincodeTo || area.pincodeTo >= area.pincodeFrom, {
    message: DELIVERY_MESSAGES.pincodeTo,
    path: ['pincodeTo'],
  })
  .refine((area) => !area.sameDay || area.sameDayCutoff !== null, {
    message: DELIVERY_MESSAGES.sameDayNeedsCutoff,
    path: ['sameDayCutoff'],
  });
export type DeliveryAreaInput = z.infer<typeof deliveryAreaInputSchema>;

export const deliveryAreaSchema = z.object({
  id: z.number().int(),
  pincodeFrom: z.string(),
  pincodeTo: z.string(),
  zone: z.string(),
  serviceable: z.boolean(),
  deliveryDays: z.number().int(),
  cashOnDelivery: z.boolean(),
  sameDay: z.boolean(),
  sameDayCutoff: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeliveryArea = z.infer<typeof deliveryAreaSchema>;

export const deliveryAreaListQuerySchema = z.object({
  /** Areas that hold this pincode (or start with these digits). */
  pincode: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'Search by up to 6 digits of a pincode.')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const deliveryAreaListSchema = z.object({
  areas: z.array(deliveryAreaSchema),
  pagination: paginationSchema,
});

export const holidaySchema = z.object({
  day: z.iso.date({ error: DELIVERY_MESSAGES.holidayDay }),
  name: z
    .string({ error: DELIVERY_MESSAGES.holidayName })
    .trim()
    .min(1, DELIVERY_MESSAGES.holidayName)
    .max(80, DELIVERY_MESSAGES.holidayName),
});

export const deliveryCalendarSchema = z.object({
  workingDays: z
    .array(z.union(WEEKDAYS.map((day) => z.literal(day))), { error: DELIVERY_MESSAGES.workingDays })
    .min(1, DELIVERY_MESSAGES.workingDays)
    .max(7, DELIVERY_MESSAGES.workingDays)
    .refine((days) => new Set(days).size === days.length, DELIVERY_MESSAGES.workingDays),
  dispatchCutoff: timeOfDay(DELIVERY_MESSAGES.dispatchCutoff),
  holidays: z
    .array(holidaySchema)
    .max(366)
    .refine(
      (holidays) => new Set(holidays.map((h) => h.day)).size === holidays.length,
      DELIVERY_MESSAGES.holidaysUnique,
    ),
});
export type DeliveryCalendarInput = z.infer<typeof deliveryCalendarSchema>;

/**
 * The delivery areas' CSV (issue 29): one area per row, as the admin screen lists them. Yes/no
 * columns take yes/no, true/false or 1/0; empty optional cells take the defaults (To = From, COD
 * yes, same day no, served yes).
 */
export const DELIVERY_CSV_COLUMNS = [
  'pincode_from',
  'pincode_to',
  'zone',
  'delivery_days',
  'cash_on_delivery',
  'same_day',
  'same_day_cutoff',
  'serviceable',
] as const;
export type DeliveryCsvColumn = (typeof DELIVERY_CSV_COLUMNS)[number];
export const DELIVERY_CSV_MAX_BYTES = 1024 * 1024;
export const DELIVERY_CSV_MAX_ROWS = 20_000;

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** A yes/no cell: undefined when empty (the default), null when it is neither. */
export function csvYesNo(cell: string | undefined): boolean | undefined | null {
  const value = (cell ?? '').trim().toLowerCase();
  if (value === '') return undefined;
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return null;
}

/** One CSV row as the area input the form sends, or the sentence saying what is wrong. */
export function deliveryAreaFromCsv(
  cells: Partial<Record<DeliveryCsvColumn, string>>,
): { ok: true; area: DeliveryAreaInput } | { ok: false; message: string } {
  const flags = {
    cashOnDelivery: csvYesNo(cells.cash_on_delivery),
    sameDay: csvYesNo(cells.same_day),
    serviceable: csvYesNo(cells.serviceable),
  };
  const columnOf = {
    cashOnDelivery: 'cash_on_delivery',
    sameDay: 'same_day',
    serviceable: 'serviceable',
  } as const;
  for (const [name, value] of Object.entries(flags) as [
    keyof typeof flags,
    boolean | null | undefined,
  ][])
    if (value === null) return { ok: false, message: `${columnOf[name]}: write yes or no.` };
  const days = (cells.delivery_days ?? '').trim();
  const parsed = deliveryAreaInputSchema.safeParse({
    pincodeFrom: (cells.pincode_from ?? '').trim(),
    ...(cells.pincode_to?.trim() ? { pincodeTo: cells.pincode_to.trim() } : {}),
    zone: cells.zone ?? '',
    deliveryDays: /^\d{1,3}$/.test(days) ? Number(days) : Number.NaN,
    ...(flags.cashOnDelivery === undefined ? {} : { cashOnDelivery: flags.cashOnDelivery }),
    ...(flags.sameDay === undefined ? {} : { sameDay: flags.sameDay }),
    ...(flags.serviceable === undefined ? {} : { serviceable: flags.serviceable }),
    sameDayCutoff: cells.same_day_cutoff?.trim() ? cells.same_day_cutoff.trim() : null,
  });
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid row.' };
  return { ok: true, area: parsed.data };
}

export const deliveryImportRowSchema = z.object({
  line: z.number().int(),
  pincodeFrom: z.string(),
  pincodeTo: z.string(),
  zone: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
});
export const deliveryImportRefusedSchema = z.object({
  line: z.number().int(),
  message: z.string(),
});

export const deliveryImportPreviewSchema = z.object({
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
  refused: z.array(deliveryImportRefusedSchema),
  /** The first rows as they would be applied, for the admin to look at. */
  sample: z.array(deliveryImportRowSchema),
});
export type DeliveryImportPreview = z.infer<typeof deliveryImportPreviewSchema>;

export const deliveryImportResultSchema = z.object({
  message: z.string(),
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
});
