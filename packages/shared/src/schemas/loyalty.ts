import { z } from 'zod';
import { paginationSchema } from './common';

/** Issue 19: a member's loyalty points, their history and the programme's figures. */
export const LOYALTY_KINDS = ['earned', 'redeemed', 'reversed', 'expired'] as const;
export type LoyaltyKind = (typeof LOYALTY_KINDS)[number];

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

/** '₹100', or '₹0.50' when not whole rupees. */
function rupeesText(minor: number): string {
  const paise = minor % 100;
  const whole = Math.floor(minor / 100);
  return paise === 0 ? `₹${whole}` : `₹${whole}.${String(paise).padStart(2, '0')}`;
}

const pointsWord = (n: number) => (n === 1 ? 'point' : 'points');
const monthsWord = (n: number) => (n === 1 ? '1 month' : `${n} months`);

/**
 * The programme in words, from the configured figures (the Rewards page and the FAQ say the
 * same): "1 point for every ₹100 paid", "1 point = ₹1", "up to 20% of an order", "12 months".
 */
export function loyaltyPolicyTexts(policy: {
  earnPerMinor: number;
  pointValueMinor: number;
  maxRedeemPercent: number;
  expiryMonths: number;
}) {
  return {
    earn: `1 point for every ${rupeesText(policy.earnPerMinor)} paid`,
    value: `1 point = ${rupeesText(policy.pointValueMinor)}`,
    cap: `up to ${policy.maxRedeemPercent}% of an order`,
    expiry: monthsWord(policy.expiryMonths),
  };
}

export const LOYALTY_TEXTS = {
  pageTitle: 'Rewards',
  pageDescription: 'Your loyalty points: what you have, what you earned and where you spent them.',
  loadFailed: 'We could not load your points.',
  emptyHistory: 'No points yet.',
  kind: {
    earned: 'Earned',
    redeemed: 'Redeemed',
    reversed: 'Reversed',
    expired: 'Expired',
  } satisfies Record<LoyaltyKind, string>,
  pointsText: (n: number) => `${n} ${pointsWord(n)}`,
  rupeesText,
} as const;
