import { FilterX, PackageSearch, RotateCcw, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { showingText } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Drawer } from '../../../components/ui/drawer';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/form-field';
import { HydrateLater } from '../../../components/ui/hydrate-later';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion } from '../../../components/ui/skeleton';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useProgressiveCount } from '../../../hooks/use-progressive-count';
import { getErrorMessage } from '../../../lib/api-client';
import { isServerRenderedPage } from '../../../lib/server-rendered';
import { useShopSettings } from '../../../lib/shop-settings';
import { useProducts } from '../api/get-products';
import {
  chosenSort,
  FILTER_KEYS,
  SORT_OPTIONS,
  SORT_PLACEHOLDER,
  useProductFilter,
  useProductFilterActions,
  type SortValue,
} from '../hooks/use-product-filter';
import type { ProductSummary } from '../types';
import { FilterPanel } from './filter-panel';
import { ProductCard, ProductCardSkeleton } from './product-card';

const gridClasses = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4';

/** Tailwind's lg breakpoint, where the filters move from the drawer to a left column. */
const LEFT_COLUMN_QUERY = '(min-width: 64rem)';

/** Cards whose images may be the largest paint of /shop: two rows on phones, one on desktops. */
const ABOVE_THE_FOLD_CARDS = 4;
/**
 * Cards drawn in the first task (two full rows of four on a desktop, as many as the skeleton,
 * more than a phone's screen), then per later task, whole rows of two or four: the rest appear
 * below, so nothing visible moves.
 */
const FIRST_CARDS = 8;
const CARDS_PER_TASK = 4;

/**
 * Spec §2 shop listing: filters in a left column on wide screens (and in a drawer on phones),
 * the toolbar ('Showing: a-b of N products' or '0 products', 'Clear Filters' when a filter is
 * set, the sort dropdown), the grid of product cards and the pagination. A failed list shows no
 * products and the reason (spec §8), with a way to try again.
 */
export function ShopListing({
  renderAction,
}: {
  renderAction?: (product: ProductSummary) => ReactNode;
}) {
  const sortId = useId();
  const location = useLocation();
  const { pathname, search } = location;
  const filter = useProductFilter();
  const sort = chosenSort(pathname, search);
  const { clearFilters, setSort, setPage } = useProductFilterActions();
  const { data, isPending, isError, error, refetch, isFetching } = useProducts(filter, sort !== '');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const products = isError ? [] : (data?.productList ?? []);
  const pagination = isError ? undefined : data?.pagination;
  const activeFilters = FILTER_KEYS.filter((key) => filter[key] > 0).length;
  const wideScreen = useMediaQuery(LEFT_COLUMN_QUERY);
  const { currencySymbol } = useShopSettings();
  const shownCards = useProgressiveCount(
    // The query's own list: stable while unchanged (`products` is a new [] while loading).
    data?.productList,
    products.length,
    FIRST_CARDS,
    CARDS_PER_TASK,
    isServerRenderedPage(location.key),
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside aria-label="Filters" className="hidden lg:block">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Filter products
        </h2>
        {/* Hidden below lg: rendering it there only fetched and drew three option lists (all
            manufacturers, salts…) that nobody could see, on the phone's busiest moment. */}
        {wideScreen ? <FilterPanel /> : null}
      </aside>
      <div className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 sm:px-4 sm:py-3">
          <p className="text-sm font-medium text-slate-700" aria-live="polite" aria-atomic="true">
            {isPending ? (
              <span
                aria-hidden="true"
                className="inline-block h-4 w-44 animate-pulse rounded bg-slate-200 align-middle"
              />
            ) : (
              showingText(
                pagination?.page ?? filter.page,
                pagination?.pageSize ?? 0,
                pagination?.rowCount ?? 0,
              )
            )}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              className="lg:hidden"
              onClick={() => setFiltersOpen(true)}
              aria-haspopup="dialog"
              icon={<SlidersHorizontal aria-hidden="true" className="size-4" />}
            >
              Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            </Button>
            {activeFilters > 0 ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={clearFilters}
                icon={<FilterX aria-hidden="true" className="size-4" />}
              >
                Clear Filters
              </Button>
            ) : null}
            <label htmlFor={sortId} className="sr-only">
              Sort products
            </label>
            <Select
              id={sortId}
              value={sort}
              onChange={(event) => setSort(event.target.value as SortValue)}
              className="w-auto min-w-44 py-1.5 text-sm"
            >
              <option value="" disabled>
                {SORT_PLACEHOLDER}
              </option>
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
        </div>

        {isPending ? (
          <LoadingRegion label="Loading products" className={gridClasses}>
            {Array.from({ length: 8 }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </LoadingRegion>
        ) : isError ? (
          <EmptyState
            icon={<PackageSearch className="size-8" />}
            title="No products found."
            action={
              <Button
                variant="secondary"
                onClick={() => void refetch()}
                isPending={isFetching}
                icon={<RotateCcw aria-hidden="true" className="size-4" />}
              >
                Try again
              </Button>
            }
          >
            <span role="alert">{getErrorMessage(error)}</span>
          </EmptyState>
        ) : products.length === 0 ? (
          <EmptyState icon={<PackageSearch className="size-8" />} title="No products found.">
            {filter.search
              ? 'Check the spelling, or try the medicine’s salt or its manufacturer.'
              : null}
          </EmptyState>
        ) : (
          <ul
            className={`${gridClasses} transition-opacity ${isFetching ? 'opacity-60' : ''}`}
            aria-busy={isFetching || undefined}
          >
            {products.slice(0, shownCards).map((product, index) => (
              // Issue 30 (TBT): each server-rendered card is hydrated in a task of its own,
              // after the header and toolbar, instead of all in the page's one long task.
              <HydrateLater key={product.id} id={`shop-card-${product.id}`}>
                <li className="render-when-visible">
                  <ProductCard
                    product={product}
                    currencySymbol={currencySymbol}
                    action={renderAction?.(product)}
                    eagerImage={index < ABOVE_THE_FOLD_CARDS}
                    // Under the page's h1: on phones the filters' h2 is hidden, and an h3 right
                    // after the h1 skips a level (axe heading-order).
                    headingLevel={2}
                  />
                </li>
              </HydrateLater>
            ))}
          </ul>
        )}
        {pagination ? (
          <Pagination
            page={pagination.page}
            pageCount={pagination.pageCount}
            onPageChange={setPage}
            label="Product pages"
          />
        ) : null}
      </div>
      <Drawer
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title="Filter products"
        closeLabel="Close filters"
      >
        <FilterPanel onNavigate={() => setFiltersOpen(false)} />
      </Drawer>
    </div>
  );
}
