import { z } from 'zod';
import { LOYALTY_KINDS } from '../rules/loyalty-texts';
import { paginationSchema } from './common';

/** Issue 19: a member's loyalty points, their history and the programme's figures. */
export const LOYALTY_HISTORY_PAGE_SIZE = 20;
/** "N points expire on …" looks this many days ahead. */
export const LOYALTY_EXPIRY_NOTICE_DAYS = 30;

export const LOYALTY_MESSAGES = {
  page: 'Page must be a whole number from 1.',
  userId: 'userId must be a whole number from 1.',
} as const;

export const loyaltyQuerySchema = z.object({
  page: z.coerce
    .number({ error: LOYALTY_MESSAGES.page })
    .int(LOYALTY_MESSAGES.page)
    .min(1, LOYALTY_MESSAGES.page)
    .max(100_000, LOYALTY_MESSAGES.page)
    .default(1),
  /** Admins only: whose points to show (a member's own when left out). */
  userId: z.coerce
    .number({ error: LOYALTY_MESSAGES.userId })
    .int(LOYALTY_MESSAGES.userId)
    .min(1, LOYALTY_MESSAGES.userId)
    .optional(),
});
export type LoyaltyQuery = z.infer<typeof loyaltyQuerySchema>;

export const loyaltyEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LOYALTY_KINDS),
  /** For 'reversed': which kind of row it undoes. */
  reverses: z.enum(['earned', 'redeemed']).nullable(),
  /** Signed: positive adds to the balance, negative takes from it. */
  points: z.number().int(),
  orderId: z.number().int().nullable(),
  createdAt: z.string(),
  /** For 'earned' rows: when these points lapse. */
  expiresAt: z.string().nullable(),
});
export type LoyaltyEntry = z.infer<typeof loyaltyEntrySchema>;

export const loyaltyPolicySchema = z.object({
  earnPerMinor: z.number().int(),
  pointValueMinor: z.number().int(),
  maxRedeemPercent: z.number().int(),
  expiryMonths: z.number().int(),
});

export const loyaltySummarySchema = z.object({
  userId: z.number().int(),
  balance: z.number().int(),
  /** What the balance is worth when spent, in paise. */
  balanceValueMinor: z.number().int(),
  /** Points that lapse within LOYALTY_EXPIRY_NOTICE_DAYS, soonest first (one entry per date). */
  expiringSoon: z.array(z.object({ points: z.number().int(), expiresAt: z.string() })),
  history: z.array(loyaltyEntrySchema),
  pagination: paginationSchema,
  policy: loyaltyPolicySchema,
});
export type LoyaltySummary = z.infer<typeof loyaltySummarySchema>;
