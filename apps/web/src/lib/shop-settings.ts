import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_LOYALTY_POLICY, POLICY, type ShopSettings } from '@pharmacy/shared';
import { env } from '../config/env';
import { api } from './api-client';
import { queryKeyRoots } from './query-keys';

/** GET /api/settings: shop name, currency and support contacts (DECISIONS: configuration). */
export function getShopSettings(signal?: AbortSignal): Promise<ShopSettings> {
  return api.get('/settings', {
    schema: () => import('./schemas').then((m) => m.shopSettingsSchema),
    signal,
  });
}

export const shopSettingsQueryOptions = queryOptions({
  queryKey: queryKeyRoots.shopSettings,
  queryFn: ({ signal }) => getShopSettings(signal),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** Used until the settings answer (and if they never do): the build's defaults. */
export const fallbackShopSettings: ShopSettings = {
  shopName: env.shopName,
  currencySymbol: '₹',
  supportEmail: env.supportEmail,
  supportPhone: env.supportPhone,
  googleSignInEnabled: false,
  afterSales: {
    changeOrCancelHours: POLICY.changeOrCancelHours,
    returnDays: POLICY.returnDays,
    damageReportHours: POLICY.damageReportHours,
  },
  loyalty: DEFAULT_LOYALTY_POLICY,
  // Issue 28: until the settings answer, promise only what every shop takes.
  payments: { online: 'test', codMaxOrderValue: null },
};

export function useShopSettings(): ShopSettings {
  const { data } = useQuery(shopSettingsQueryOptions);
  return data ?? fallbackShopSettings;
}
