import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '../config/paths';
import { shopSettingsQueryOptions } from '../lib/shop-settings';
import { divisionsQueryOptions, HOME_DIVISION_LIMIT } from '../features/catalog/api/get-divisions';
import { productQueryOptions } from '../features/catalog/api/get-product';
import { productSubstitutesQueryOptions } from '../features/catalog/api/get-product-substitutes';
import { medicineQueryOptions } from '../features/medicines/api/get-medicine';
import { productsQueryOptions } from '../features/catalog/api/get-products';
import {
  TOP_SELLING_LIMIT,
  topSellingProductsQueryOptions,
} from '../features/catalog/api/get-top-selling-products';
import {
  chosenSort,
  isShopPath,
  readProductFilter,
} from '../features/catalog/hooks/use-product-filter';

/**
 * Starts the first page's catalogue requests while its code is still downloading. Without this
 * the page chunk (React.lazy in router.tsx) loads first and only then asks for its data, so the
 * product images — the largest paint of /shop and /product/{id} — waited for two round trips
 * in a row. The queries are the ones the pages use (same keys), so the pages pick up the answers.
 * The server renderer (issue 30) waits for the requests returned before its first pass.
 */
export function prefetchPageData(
  queryClient: QueryClient,
  { pathname, search }: Pick<Location, 'pathname' | 'search'>,
): Promise<void>[] {
  // Every page's header and prices wait for the shop's name and currency.
  const started = [queryClient.prefetchQuery(shopSettingsQueryOptions)];
  const product = matchPath(paths.product.path, pathname);
  if (product) {
    const id = product.params.id ?? '';
    if (/^\d+$/.test(id)) {
      started.push(
        queryClient.prefetchQuery(productQueryOptions(Number(id))),
        queryClient.prefetchQuery(productSubstitutesQueryOptions(Number(id))),
      );
    }
    return started;
  }
  const medicine = matchPath(paths.medicine.path, pathname);
  if (medicine) {
    started.push(queryClient.prefetchQuery(medicineQueryOptions(medicine.params.slug ?? '')));
    return started;
  }
  if (isShopPath(pathname)) {
    const filter = readProductFilter(pathname, search);
    started.push(
      queryClient.prefetchQuery(productsQueryOptions(filter, chosenSort(pathname, search) !== '')),
    );
    return started;
  }
  if (pathname === paths.home.path) {
    started.push(
      queryClient.prefetchQuery(topSellingProductsQueryOptions(TOP_SELLING_LIMIT)),
      queryClient.prefetchQuery(divisionsQueryOptions({ limit: HOME_DIVISION_LIMIT })),
    );
  }
  return started;
}
