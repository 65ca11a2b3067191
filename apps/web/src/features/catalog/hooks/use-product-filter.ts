import { useMemo } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { FILTER_ID } from '@pharmacy/shared';
import { paths, type FilterKey } from '../../../config/paths';

/**
 * Spec §3 product filter. On the shop page it lives in the URL (so it survives reloads and can be
 * shared); anywhere else it is empty, which is spec §2's "leaving the screen clears the filters".
 */
export interface ProductFilter {
  divisionId: number;
  manufacturerId: number;
  saltCompositionId: number;
  search: string;
  page: number;
  orderBy: 'createdAt' | 'offerPrice';
  orderType: 'asc' | 'desc';
}

export const FILTER_KEYS: readonly FilterKey[] = [
  'divisionId',
  'manufacturerId',
  'saltCompositionId',
];

/**
 * Spec §2 sort options; the dropdown's value is 'orderBy-orderType'. They mirror the shared
 * PRODUCT_SORTS (a test keeps them equal) but are not imported from there: that module builds
 * zod schemas when it loads, and this file is part of the first download (the header search).
 */
export const SORT_OPTIONS = [
  { label: 'Newest First', value: 'createdAt-desc' },
  { label: 'Oldest First', value: 'createdAt-asc' },
  { label: 'Price High to Low', value: 'offerPrice-desc' },
  { label: 'Price Low to High', value: 'offerPrice-asc' },
] as const;

export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

/** Shared SORT_PLACEHOLDER, kept here for the same reason. */
export const SORT_PLACEHOLDER = 'Sort Products...';

export const defaultProductFilter: ProductFilter = {
  divisionId: FILTER_ID.NONE,
  manufacturerId: FILTER_ID.NONE,
  saltCompositionId: FILTER_ID.NONE,
  search: '',
  page: 1,
  orderBy: 'createdAt',
  orderType: 'desc',
};

function positiveId(value: string | null | undefined): number {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : FILTER_ID.NONE;
}

export function isShopPath(pathname: string): boolean {
  return pathname === paths.shop.path || matchPath(paths.shopBrand.path, pathname) !== null;
}

export function readProductFilter(pathname: string, search: string): ProductFilter {
  if (!isShopPath(pathname)) return defaultProductFilter;
  const params = new URLSearchParams(search);
  const brand = matchPath(paths.shopBrand.path, pathname);
  const sort = sortOptionOf(params);
  const page = Number(params.get('page'));
  return {
    divisionId: positiveId(params.get('divisionId')),
    manufacturerId: positiveId(brand?.params.id ?? params.get('manufacturerId')),
    // DECISIONS: salCompositionId is an alias of saltCompositionId.
    saltCompositionId: positiveId(
      params.get('saltCompositionId') ?? params.get('salCompositionId'),
    ),
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    ...(sort ? splitSort(sort) : { orderBy: 'createdAt', orderType: 'desc' }),
  };
}

function splitSort(value: SortValue): Pick<ProductFilter, 'orderBy' | 'orderType'> {
  const [orderBy, orderType] = value.split('-') as [
    ProductFilter['orderBy'],
    ProductFilter['orderType'],
  ];
  return { orderBy, orderType };
}

function sortOptionOf(params: URLSearchParams): SortValue | undefined {
  const value = `${params.get('orderBy')}-${params.get('orderType')}`;
  return SORT_OPTIONS.find((option) => option.value === value)?.value;
}

/** The sort the shopper chose, or '' while the dropdown shows its placeholder. */
export function chosenSort(pathname: string, search: string): SortValue | '' {
  if (!isShopPath(pathname)) return '';
  return sortOptionOf(new URLSearchParams(search)) ?? '';
}

/** Builds the shop URL of a filter: only what differs from the defaults. */
export function shopHrefOf(filter: ProductFilter, explicitSort: boolean): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  for (const key of FILTER_KEYS) if (filter[key] > 0) params.set(key, String(filter[key]));
  if (explicitSort) {
    params.set('orderBy', filter.orderBy);
    params.set('orderType', filter.orderType);
  }
  if (filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return query ? `${paths.shop.path}?${query}` : paths.shop.path;
}

export function useProductFilter(): ProductFilter {
  const { pathname, search } = useLocation();
  return useMemo(() => readProductFilter(pathname, search), [pathname, search]);
}

/** Spec §2 drawer and toolbar actions on the filter. */
export function useProductFilterActions() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  return useMemo(() => {
    const current = readProductFilter(pathname, search);
    const explicitSort = chosenSort(pathname, search) !== '';
    const onShop = isShopPath(pathname);
    const go = (next: ProductFilter, sorted = explicitSort) => navigate(shopHrefOf(next, sorted));

    return {
      /** Sets one filter and opens /shop?{key}={value} (page 1). */
      setFilter: (key: FilterKey, id: number) => go({ ...current, [key]: id, page: 1 }),
      /** 'Clear selection' clears only that filter. */
      clearFilter: (key: FilterKey) => {
        if (onShop && current[key] > 0) go({ ...current, [key]: FILTER_ID.NONE, page: 1 });
      },
      /** 'Clear Filters' in the shop toolbar: the three filters, keeping search and sort. */
      clearFilters: () =>
        go({
          ...current,
          divisionId: FILTER_ID.NONE,
          manufacturerId: FILTER_ID.NONE,
          saltCompositionId: FILTER_ID.NONE,
          page: 1,
        }),
      setSort: (value: SortValue) => go({ ...current, ...splitSort(value), page: 1 }, true),
      setPage: (page: number) => go({ ...current, page }),
      /** Header search: sets the search and page 1. */
      setSearch: (text: string, options: { replace?: boolean } = {}) =>
        navigate(shopHrefOf({ ...current, search: text.trim(), page: 1 }, explicitSort), {
          replace: options.replace ?? false,
        }),
    };
  }, [pathname, search, navigate]);
}
