import type { InteractionFinding } from '@pharmacy/shared';

/**
 * The cart as the screens see it, whether it lives on the server (signed in) or in the browser
 * (guest, DECISIONS). A line carries a snapshot of its product so the drawer can draw it.
 */
export interface CartProduct {
  id: number;
  name: string;
  offerPrice: number;
  maximumRetailPrice: number;
  /** Available stock. */
  quantity: number;
  prescription: boolean;
  /** Issue 16: the most units one order may hold; null when only the stock limits it. */
  maxUnitsPerOrder: number | null;
  /** False for a schedule the law keeps out of online sale (Schedule X): never in a cart. */
  onlineSale: boolean;
  /** For the duplicate-therapy warning: two products with the same salt may double the dose. */
  saltComposition: { id: number; name: string } | null;
  images: { url: string }[];
}

export interface CartLine {
  productId: number;
  /** The server's cart item id; null for a guest line or a line the server has not confirmed. */
  cartItemId: number | null;
  count: number;
  product: CartProduct;
}

export interface CartTotals {
  itemCount: number;
  totalMaximumRetailPrice: number;
  totalOfferPrice: number;
  totalSaved: number;
  shipping: number;
  total: number;
  prescriptionRequired: boolean;
}

export interface Cart {
  lines: CartLine[];
  summary: CartTotals;
  /**
   * Issue 31 point 4: the server's interaction check of a signed-in member's cart (its lines, their
   * orders of the last 90 days, recorded allergies). A guest's cart in the browser has none.
   */
  interactions?: readonly InteractionFinding[];
}
