import { userQueryKey } from '../../../lib/auth';

/**
 * Under 'user' (signing out drops them) and 'stock-alerts', the prefix the product page's
 * 'We'll e-mail you' status shares: a request asked or cancelled there marks this list stale.
 */
export const stockAlertKeys = {
  all: [...userQueryKey, 'stock-alerts'] as const,
  list: () => [...stockAlertKeys.all, 'list'] as const,
  product: (productId: number) => [...stockAlertKeys.all, 'product', productId] as const,
};
