import { z } from 'zod';
import { productSchema } from './catalog';
import { interactionFindingsSchema } from './interaction-checks';

/** Spec §3 cart item. */
export const cartItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  count: z.number().int(),
  product: productSchema,
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSummarySchema = z.object({
  itemCount: z.number().int(),
  totalMaximumRetailPrice: z.number(),
  totalOfferPrice: z.number(),
  totalSaved: z.number(),
  /** Spec §9: shipping is free. */
  shipping: z.number(),
  total: z.number(),
  prescriptionRequired: z.boolean(),
});
export type CartSummary = z.infer<typeof cartSummarySchema>;

export const cartResponseSchema = z.object({
  cartItems: z.array(cartItemSchema),
  summary: cartSummarySchema,
  /**
   * Issue 31 point 4: the drug interactions between the lines, with the member's orders of the
   * last 90 days and the allergies on the account. Always sent by the server; optional so that a
   * cart built in the browser (the guest's) needs none.
   */
  interactions: interactionFindingsSchema.optional(),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

/** Spec §7 POST /cart: quantity is how many to add; +1 or -1 for the stepper. */
export const cartChangeSchema = z.object({
  productId: z.coerce.number().int().positive('productId: choose a product'),
  quantity: z.coerce
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .refine((v) => v !== 0, 'Quantity must not be 0')
    .refine((v) => Math.abs(v) <= 1000, 'Quantity is too large'),
});
export type CartChangeInput = z.infer<typeof cartChangeSchema>;

export const cartChangeResponseSchema = z.object({
  message: z.string(),
  cartItem: cartItemSchema.nullable(),
});

/** DECISIONS: the guest cart kept in the browser merges into the server cart on sign-in. */
export const guestCartLineSchema = z.object({
  productId: z.number().int().positive(),
  count: z.number().int().min(1).max(1000),
});
export type GuestCartLine = z.infer<typeof guestCartLineSchema>;
export const cartMergeSchema = z.object({ items: z.array(guestCartLineSchema).max(200) });
export const cartMergeResponseSchema = cartResponseSchema.extend({ notes: z.array(z.string()) });
