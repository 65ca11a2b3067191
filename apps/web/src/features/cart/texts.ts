/**
 * Spec texts the header's cart needs. They equal CART_EMPTY and QUANTITY_MIN of @pharmacy/shared
 * (texts.test.ts checks it) but are copied: those constants sit beside zod schemas, and importing
 * them would pull zod into the first download of every page.
 */
export const CART_EMPTY_TEXT = 'Your shopping cart is empty';
export const QUANTITY_MIN_TEXT = 'Quantity must be at least 1';
