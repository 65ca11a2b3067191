/**
 * Issue 16 sentences the first download needs (the product cards, the quantity controls and the
 * guest cart). They equal NOT_SOLD_ONLINE_NOTE, notSoldOnlineMessage and orderLimitMessage of
 * @pharmacy/shared (dispensing-texts.test.ts checks it) but are copied: that module also holds
 * the duplicate-therapy rule, which only the lazily loaded cart drawer and order pages use, and
 * importing it here would put it in every shopper page's first download.
 */
export const NOT_SOLD_ONLINE_TEXT =
  'This medicine cannot be ordered online. Please buy it at the pharmacy counter with your prescription.';

export function notSoldOnlineText(productName: string): string {
  return `${productName} cannot be ordered online: the law allows it only at the pharmacy counter.`;
}

export function orderLimitText(productName: string, limit: number): string {
  return `${productName} is limited to ${limit} ${limit === 1 ? 'unit' : 'units'} per order.`;
}
