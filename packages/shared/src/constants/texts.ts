/**
 * Plain texts and figures of the screens, kept apart from the zod schemas so that a page which
 * only needs a text does not download zod with it.
 */
export const PRODUCT_SORTS = [
  { label: 'Newest First', orderBy: 'createdAt', orderType: 'desc' },
  { label: 'Oldest First', orderBy: 'createdAt', orderType: 'asc' },
  { label: 'Price High to Low', orderBy: 'offerPrice', orderType: 'desc' },
  { label: 'Price Low to High', orderBy: 'offerPrice', orderType: 'asc' },
] as const;

export const SORT_PLACEHOLDER = 'Sort Products...';

/** Image uploads for products and divisions: raster formats only (SVG can carry script). */
export const CATALOG_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const CATALOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const CATALOG_IMAGE_MAX_FILES = 8;

export const CART_EMPTY = 'Your shopping cart is empty';

export const QUANTITY_MIN = 'Quantity must be at least 1';

export const CANCEL_CONFIRM = 'Are you sure you want to cancel';

export const CONFIRM_CANCEL = 'Confirm Cancel';

export const NO_ORDERS_OWN = 'You have no orders yet.';

export const NO_ORDERS = 'No orders found.';

export const ORDER_NOT_FOUND = 'No order found.';

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for that email, we have sent a link to reset the password. It is valid for one hour.';

export const RESET_LINK_INVALID =
  'This reset link is invalid or has expired. Please ask for a new one.';

export const PASSWORD_RESET_DONE =
  'Your password has been reset. Please sign in with your new password.';

export const DELETE_ADDRESS_CONFIRM = 'Are you sure you want to delete this address?';

export const ADDRESS_NOT_FOUND = 'No address found.';

/** Spec §2 prescription upload texts. */
export const PRESCRIPTION_TEXT = {
  heading: 'Upload Prescription',
  dropZoneHover: 'Choose prescription if any',
  commentToggle: 'Do you have any comments to add?',
  commentLabel: 'Type your comments here',
  commentPlaceholder: 'Comment...',
  button: 'Upload Prescription',
  disabled: 'Upload disabled',
  uploaded: 'Prescription uploaded successfully',
} as const;

/** At most this many files in one upload (each at most 5 MB, spec §9). */
export const PRESCRIPTION_MAX_FILES = 5;

export const PAYMENT_TEXT = {
  payNow: 'Pay now',
  cashOnDelivery: 'Cash on Delivery',
  comingSoon: 'Online Payment coming soon',
  loadingForm: 'Loading payment form...',
  orderConfirmed: 'Order Confirmed',
  thanks:
    "Thank you for your purchase. We're currently preparing your order and will update you shortly.",
  orderNotFound: 'Order not found!',
} as const;
