import { z } from 'zod';
import { formatLongDate } from '../rules/display';
import { buyAgainResponseSchema } from './reorder';
import {
  REFILL_INTERVAL_MAX_DAYS,
  REFILL_INTERVAL_MIN_DAYS,
  REFILL_QUANTITY_MAX,
  refillIntervalLabel,
} from '../rules/refills';

/** What the customer reads about refill reminders (issue 17 part 4), on the pages and from the API. */
export const REFILL_TEXTS = {
  pageTitle: 'My Refills',
  pageDescription:
    'We e-mail you a few days before each refill is due, with a link that puts it in your cart.',
  empty: 'You have no refill reminders yet.',
  emptyHint: "Open one of your orders and choose 'Remind me to refill' on a medicine.",
  loadFailed: 'We could not load your refill reminders.',
  remindMe: 'Remind me to refill',
  dialogTitle: 'Refill reminder',
  intervalLabel: 'Remind me every',
  customInterval: 'Other',
  customIntervalLabel: 'Number of days',
  save: 'Save reminder',
  saving: 'Saving…',
  pause: 'Pause',
  resume: 'Resume',
  changeInterval: 'Change interval',
  delete: 'Delete',
  deleteConfirmTitle: 'Delete this refill reminder?',
  deleteConfirm: 'Delete reminder',
  paused: 'Paused',
  active: 'Active',
  intervalInvalid: `Choose a number of days between ${REFILL_INTERVAL_MIN_DAYS} and ${REFILL_INTERVAL_MAX_DAYS}.`,
  quantityInvalid: `Choose between 1 and ${REFILL_QUANTITY_MAX} units.`,
  notFound: 'No refill reminder found.',
  lineNotInOrder: 'This product is not part of this order.',
  notMedicine:
    'Refill reminders are for medicines; this product is not one, so no reminder can be set for it.',
  productGone: 'This product is no longer sold, so no refill reminder can be set for it.',
  orderCancelled: 'This order was cancelled, so no refill reminder can be set from it.',
  deleted: 'The refill reminder was deleted.',
  unsubscribeTitle: 'Stop refill reminders',
  unsubscribeExplain:
    'This pauses the refill reminder this e-mail was about: you will get no more reminder e-mails for it. Your other reminders and your order e-mails are not affected, and you can resume it any time in My Refills.',
  unsubscribeButton: 'Stop these reminders',
  unsubscribing: 'Stopping…',
  unsubscribeMissingToken:
    'This unsubscribe link is incomplete. Please use the whole link from the e-mail.',
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Please use the link in your latest reminder e-mail, or pause the reminder in My Refills.',
  unsubscribeExpired:
    'This unsubscribe link has expired. Please use the link in your latest reminder e-mail, or pause the reminder in My Refills.',
  unsubscribeGone: 'This refill reminder no longer exists, so you will get no more e-mails for it.',
  refillPageTitle: 'Refill',
  refillAdding: 'Putting your refill in the cart…',
  refillFailed: 'We could not put your refill in the cart.',
  openCart: 'Open cart',
  signInToRefill: 'Please sign in to put your refill in the cart.',
} as const;

/** A due date (yyyy-MM-dd) as people read it: 'Tuesday, 1 Dec 2026'. */
export function refillDueText(dueOn: string): string {
  return formatLongDate(`${dueOn}T00:00:00Z`);
}

/** 'We will remind you to refill Dolo 650 every 30 days; the next refill is due on Tuesday, 1 Dec 2026.' */
export function refillCreatedMessage(name: string, intervalDays: number, dueOn: string): string {
  return `We will remind you to refill ${name} ${refillIntervalLabel(intervalDays)}; the next refill is due on ${refillDueText(dueOn)}.`;
}

export function refillExistsMessage(name: string): string {
  return `You already have a refill reminder for ${name}. You can change it in My Refills.`;
}

export function refillPausedMessage(name: string): string {
  return `Refill reminders for ${name} are paused.`;
}

export function refillResumedMessage(name: string, dueOn: string): string {
  return `Refill reminders for ${name} are on again; the next refill is due on ${refillDueText(dueOn)}.`;
}

export function refillUpdatedMessage(name: string, intervalDays: number, dueOn: string): string {
  return `The refill reminder for ${name} is now ${refillIntervalLabel(intervalDays)}; the next refill is due on ${refillDueText(dueOn)}.`;
}

export function refillUnsubscribedMessage(name: string): string {
  return `You will get no more refill reminders for ${name}. You can resume them any time in My Refills.`;
}

export const refillIntervalSchema = z
  .number({ error: REFILL_TEXTS.intervalInvalid })
  .int(REFILL_TEXTS.intervalInvalid)
  .min(REFILL_INTERVAL_MIN_DAYS, REFILL_TEXTS.intervalInvalid)
  .max(REFILL_INTERVAL_MAX_DAYS, REFILL_TEXTS.intervalInvalid);

/**
 * The interval picker's form: one of the offered choices (its days as text), or 'other' with the
 * days typed. Its output is the interval the API reads; a bad one is refused on the typed days.
 */
export const refillIntervalFormSchema = z
  .object({ choice: z.string(), custom: z.string() })
  .transform(({ choice, custom }, context) => {
    const text = choice === 'other' ? custom.trim() : choice;
    const parsed = refillIntervalSchema.safeParse(text === '' ? Number.NaN : Number(text));
    if (parsed.success) return { intervalDays: parsed.data };
    context.addIssue({ code: 'custom', path: ['custom'], message: REFILL_TEXTS.intervalInvalid });
    return z.NEVER;
  });

export const refillQuantitySchema = z
  .number({ error: REFILL_TEXTS.quantityInvalid })
  .int(REFILL_TEXTS.quantityInvalid)
  .min(1, REFILL_TEXTS.quantityInvalid)
  .max(REFILL_QUANTITY_MAX, REFILL_TEXTS.quantityInvalid);

/** POST /api/refills: a reminder for one medicine line of one of the customer's own orders. */
export const refillCreateSchema = z.object({
  orderId: z.number().int().positive(),
  orderLineId: z.number().int().positive(),
  intervalDays: refillIntervalSchema,
  /** Units the refill link puts in the cart; the order line's quantity when left out. */
  quantity: refillQuantitySchema.optional(),
});
export type RefillCreateInput = z.infer<typeof refillCreateSchema>;

/** PATCH /api/refills/{id}: any of these; pausing and resuming are `paused`. */
export const refillUpdateSchema = z
  .object({
    intervalDays: refillIntervalSchema.optional(),
    quantity: refillQuantitySchema.optional(),
    paused: z.boolean().optional(),
  })
  .refine(
    (value) =>
      value.intervalDays !== undefined ||
      value.quantity !== undefined ||
      value.paused !== undefined,
    { message: 'Say what to change: intervalDays, quantity or paused.' },
  );
export type RefillUpdateInput = z.infer<typeof refillUpdateSchema>;

export const refillSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  /** The product can still be bought online (a withdrawn one is shown, and its link adds nothing). */
  productAvailable: z.boolean(),
  quantity: z.number().int(),
  intervalDays: z.number().int(),
  /** yyyy-MM-dd (UTC calendar day). */
  nextDueOn: z.string(),
  /** The day the reminder e-mail for nextDueOn goes out (yyyy-MM-dd). */
  remindOn: z.string(),
  paused: z.boolean(),
  /** The order the reminder was set from; null once that order is gone. */
  sourceOrderId: z.number().int().nullable(),
  createdAt: z.string(),
  /**
   * Issue 31 (the list only): whether the medicine needs a prescription and, if a saved one covers
   * it, its last valid day and the units it still allows (validUntil null: a new one is needed).
   */
  prescription: z
    .object({
      requiresPrescription: z.boolean(),
      validUntil: z.string().nullable(),
      remainingUnits: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type Refill = z.infer<typeof refillSchema>;

export const refillListSchema = z.object({ refills: z.array(refillSchema) });
export type RefillList = z.infer<typeof refillListSchema>;

export const refillResponseSchema = z.object({ message: z.string(), refill: refillSchema });
export type RefillResponse = z.infer<typeof refillResponseSchema>;

/**
 * GET /api/refills/order/{orderId}: the order's lines a reminder can be set for (medicines still
 * sold), each with the customer's reminder for that product if there is one.
 */
export const refillOrderOptionsSchema = z.object({
  lines: z.array(
    z.object({
      orderLineId: z.number().int(),
      productId: z.number().int(),
      productName: z.string(),
      quantity: z.number().int(),
      refill: refillSchema.nullable(),
    }),
  ),
});
export type RefillOrderOptions = z.infer<typeof refillOrderOptionsSchema>;

/** The unsubscribe link's token (signed, single purpose); no sign-in needed. */
export const refillUnsubscribeSchema = z.object({
  token: z.string().min(1, REFILL_TEXTS.unsubscribeMissingToken).max(2000),
});
export const refillOneClickQuerySchema = refillUnsubscribeSchema;

export const refillUnsubscribeResponseSchema = z.object({
  message: z.string(),
  /** Null when the reminder was deleted meanwhile (nothing left to stop). */
  productName: z.string().nullable(),
});
export type RefillUnsubscribeResponse = z.infer<typeof refillUnsubscribeResponseSchema>;

/**
 * POST /api/refills/{id}/add-to-cart, the mail's one-click link: the reminder's product into the
 * cart through buy again's capped add (stock, per-order limit, units already in the cart), so the
 * answer is buy again's: each line says what could not be added and why.
 */
export const refillAddToCartResponseSchema = buyAgainResponseSchema;
export type RefillAddToCartResponse = z.infer<typeof refillAddToCartResponseSchema>;
