/**
 * Spec §9: discount percent = (price - offer) / price * 100, floored when above 99,
 * otherwise rounded up; 0 when the price is 0. A negative difference is no discount.
 */
export function discountPercent(maximumRetailPrice: number, offerPrice: number): number {
  if (maximumRetailPrice <= 0) return 0;
  const percent = ((maximumRetailPrice - offerPrice) / maximumRetailPrice) * 100;
  if (percent <= 0) return 0;
  return percent > 99 ? Math.floor(percent) : Math.ceil(percent);
}

/** Amount saved per unit, for 'You Saved'. */
export function savedAmount(maximumRetailPrice: number, offerPrice: number): number {
  return Math.max(0, Math.round((maximumRetailPrice - offerPrice) * 100) / 100);
}
