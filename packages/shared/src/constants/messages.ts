/**
 * User-visible texts of spec §5 and §8, copied exactly. Server and web both read them from
 * here so a message can never differ between the API error and the form.
 */
export const MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Email is invalid.',
  emailNotValid: 'Email is not valid.',
  passwordRequired: 'Password is required.',
  passwordMin: 'Password must be at least 6 characters.',
  nameRequired: 'Name is required.',
  confirmPasswordTyping: 'Please confirm your password.',
  confirmPasswordRequired: 'Confirm password is required.',
  passwordsMismatch: 'Passwords do not match.',
  phoneRequired: 'Phone number is required.',
  signupPhoneInvalid: 'Phone number must be 10-15 digits.',
  newsletterEmailInvalid: 'Please enter a valid email address.',
  newsletterSuccess: 'You have successfully subscribed to the newsletter!',
  contactEmailInvalid: 'Invalid email format.',
  messageRequired: 'Message is required.',
  contactSuccess: 'Thank you! Your message has been sent.',
  profileEmailInvalid: 'Enter a valid email address.',
  profilePhoneInvalid: 'Enter a valid phone number.',
  oldPasswordRequired: 'Old password is required.',
  oldPasswordMin: 'Old password must be at least 6 characters.',
  newPasswordRequired: 'New password is required.',
  newPasswordMin: 'New password must be at least 6 characters.',
  newPasswordSame: 'New password must be different from old password.',
  confirmNewPassword: 'Please confirm your new password.',
  searchTermRequired: 'Please enter a search term.',
  pleaseLogin: 'Please login',
  somethingWentWrong: 'Something went wrong',
  unknownError: 'An unknown error occurred',
  facebookNotImplemented: 'Facebook login is not implemented yet',
  pageNotFound: 'The page you are looking for was not found.',
  notifyWhenAvailable: 'You will get email when its available',
  addedToCart: 'Added to cart!',
  quantityUpdated: 'Quantity Updated successfully',
  failedToAddToCart: 'Failed to add item to cart',
  productNotFoundToast: 'Product not found',
  formValidationFailed: 'Form validation failed',
  uploadImageRequired: 'Please upload an image',
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully.',
  addressAdded: 'Address added successfully',
  addressDeleted: 'Address deleted successfully',
  productCreated: 'Product created successfully',
  productUpdated: 'Product updated successfully',
  productDeleted: 'Product deleted successfully',
  divisionDeleted: 'Division deleted successfully',
  orderStatusUpdated: 'Order status updated successfully',
  expectedDeliveryUpdated: 'Expected delivery date updated successfully',
  fileTypeUnsupported: 'File type is not supported',
  fileTooBig: 'File size is too big',
  fileTooSmall: 'File size is too small',
  fileWidgetError: 'File type/size error, Hovered on types!',
  productNameRequired: 'Name is required',
  mrpMin: 'MRP must be greater than 50',
  offerPriceMin: 'Offer Price must be greater than 50',
  offerAboveMrp: 'Offer Price must be less than MRP',
  invalidCredentials: 'Invalid email or password.',
  tooManyRequests: 'Too many requests. Please try again later.',
} as const;

/** Spec §5 address rule: '{Field} is required'. */
export function fieldRequired(label: string): string {
  return `${label} is required`;
}

/** Spec §5 quantity rule. */
export function quantityExceedsStock(stock: number): string {
  return `Quantity cannot exceed available stock (${stock})`;
}

/** Spec §8: 'No {list} found.' */
export function emptyListText(list: string): string {
  return `No ${list} found.`;
}

/**
 * Issue 17 buy again: why a product of an earlier order did not go back into the cart in full.
 * no_longer_sold: deleted, unpublished or not sold online (Schedule X); out_of_stock: none left;
 * fewer_left: the stock allowed fewer units than ordered; limit: the per-order limit capped it.
 */
export const BUY_AGAIN_REASONS = ['no_longer_sold', 'out_of_stock', 'fewer_left', 'limit'] as const;
export type BuyAgainReason = (typeof BUY_AGAIN_REASONS)[number];

export const BUY_AGAIN_TEXT = {
  button: 'Buy again',
  pending: 'Adding to cart…',
  viewCart: 'View cart',
  /** The accessible name of the list of products that did not go in in full. */
  notAddedTitle: 'Not added in full',
  failed: 'We could not add this order to your cart. Please try again.',
} as const;

const units = (count: number) => `${count} ${count === 1 ? 'unit' : 'units'}`;

/** The sentence a shopper reads for one product of buy again that did not go in in full. */
export function buyAgainNote(line: {
  name: string;
  reason: BuyAgainReason;
  ordered: number;
  added: number;
  inCart: number;
  /** The most units the cart line may hold (stock, per-order limit). */
  cap: number;
}): string {
  const { name, ordered, added, inCart, cap } = line;
  switch (line.reason) {
    case 'no_longer_sold':
      return `${name} is no longer sold online and was not added.`;
    case 'out_of_stock':
      return `${name} is out of stock and was not added.`;
    case 'fewer_left':
      return added > 0
        ? `Only ${cap} of ${name} left: ${units(added)} added of the ${ordered} ordered.`
        : `Only ${cap} of ${name} left, and your cart already has ${inCart}.`;
    case 'limit':
      return added > 0
        ? `${name} is limited to ${units(cap)} per order: ${units(added)} added of the ${ordered} ordered.`
        : `${name} is limited to ${units(cap)} per order, and your cart already has ${inCart}.`;
  }
}

/** The summary of buy again: how many of the order's products went into the cart. */
export function buyAgainSummary(inFull: number, inPart: number, products: number): string {
  if (inFull === products)
    return products === 1
      ? 'The product of this order is in your cart.'
      : `All ${products} products of this order are in your cart.`;
  const added = inFull + inPart;
  if (added === 0) return 'None of the products of this order could be added to your cart.';
  if (products === 1) return 'The product of this order was added to your cart in part.';
  const head =
    added === products
      ? `All ${products} products of this order were added to your cart`
      : `${added} of the ${products} products of this order were added to your cart`;
  return inPart > 0 ? `${head}, ${inPart} of them in part.` : `${head}.`;
}
