import { queryKeyRoots } from '../../../lib/query-keys';

/**
 * Under the 'stock-alerts' root of lib/query-keys (in 'user': signing out drops them), which the
 * product page's 'We'll e-mail you' status shares: a request asked or cancelled there marks this
 * list stale.
 */
export const stockAlertKeys = {
  all: queryKeyRoots.stockAlerts,
  list: () => [...stockAlertKeys.all, 'list'] as const,
};
