import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type StockAlertList } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { stockAlertKeys } from './stock-alert-keys';

/** DELETE /api/stock-alerts/{productId}: the shopper no longer wants the back-in-stock e-mail. */
export function cancelStockAlert(productId: number): Promise<{ message: string }> {
  return api.delete(`/stock-alerts/${productId}`, { schema: messageResponseSchema });
}

/**
 * The cancelled request leaves the list at once; the list and the product page's status are read
 * again after, also when the server refused (the request was fulfilled meanwhile).
 */
export function useCancelStockAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelStockAlert,
    onSuccess: (_answer, productId) => {
      queryClient.setQueryData<StockAlertList>(stockAlertKeys.list(), (list) =>
        list
          ? {
              alerts: list.alerts.filter(
                (alert) => alert.productId !== productId || alert.notifiedAt !== null,
              ),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockAlertKeys.all }),
  });
}
