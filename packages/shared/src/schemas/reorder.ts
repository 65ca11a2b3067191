import { z } from 'zod';
import { BUY_AGAIN_REASONS } from '../constants/messages';

/**
 * Issue 17 buy again, POST /api/order/{orderId}/buy-again: one line per product of the order
 * (lines of one product together), in the order's own order.
 */
export const buyAgainLineSchema = z.object({
  /** Null once the product was deleted from the catalogue. */
  productId: z.number().int().nullable(),
  name: z.string(),
  /** Units of the product in the order. */
  ordered: z.number().int(),
  /** Units this request put in the cart (0 when none could be). */
  added: z.number().int(),
  /** Units of the product in the cart now. */
  inCart: z.number().int(),
  /** Why the product did not go in in full; null when it did. */
  reason: z.enum(BUY_AGAIN_REASONS).nullable(),
  /** The sentence for the shopper when reason is set (buyAgainNote). */
  note: z.string().nullable(),
});
export type BuyAgainLine = z.infer<typeof buyAgainLineSchema>;

export const buyAgainResponseSchema = z.object({
  message: z.string(),
  /** Units added to the cart by this request, all products together. */
  addedUnits: z.number().int(),
  lines: z.array(buyAgainLineSchema),
});
export type BuyAgainResponse = z.infer<typeof buyAgainResponseSchema>;
