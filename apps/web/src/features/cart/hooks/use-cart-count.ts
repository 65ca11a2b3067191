import { useCart } from './use-cart';

/**
 * The number the cart badge shows: the units in the cart. Spec §2 says 0 when not authenticated;
 * DECISIONS gives guests a browser cart, so a guest's badge counts that cart.
 */
export function useCartCount(): number {
  return useCart().cart.summary.itemCount;
}
