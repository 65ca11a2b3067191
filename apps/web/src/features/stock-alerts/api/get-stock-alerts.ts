import { queryOptions, useQuery } from '@tanstack/react-query';
import { stockAlertListSchema, type StockAlertList } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { stockAlertKeys } from './stock-alert-keys';

/** GET /api/stock-alerts: the shopper's waiting requests and those fulfilled in the last 90 days. */
export function getStockAlerts(signal?: AbortSignal): Promise<StockAlertList> {
  return api.get('/stock-alerts', { schema: stockAlertListSchema, signal });
}

export const stockAlertsQueryOptions = () =>
  queryOptions({
    queryKey: stockAlertKeys.list(),
    queryFn: ({ signal }) => getStockAlerts(signal),
    staleTime: 0,
  });

export function useStockAlerts() {
  return useQuery(stockAlertsQueryOptions());
}
