/**
 * Issue 19 loyalty programme in words. Kept apart from schemas/loyalty.ts (zod) so the FAQ and the
 * Rewards page can say the figures without zod in their first download.
 */
export const LOYALTY_KINDS = ['earned', 'redeemed', 'reversed', 'expired'] as const;
export type LoyaltyKind = (typeof LOYALTY_KINDS)[number];

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
