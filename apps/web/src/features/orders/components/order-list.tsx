import { ListOrdered, PackageSearch, TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  NO_ORDERS,
  NO_ORDERS_OWN,
  ORDER_STATUS_IDS,
  ORDER_STATUS_NAMES,
  type Order,
} from '@pharmacy/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useShopSettings } from '../../../lib/shop-settings';
import { useOrders } from '../api/get-orders';
import { OrderCard, OrderCardSkeleton } from './order-card';

export type OrderListScope = 'own' | 'all' | 'customer';

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : fallback;
}

/** Page and status filter live in the address (?page=2&statusId=6), so Back and links keep them. */
function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, positiveInt(searchParams.get('page'), 1));
  const rawStatus = positiveInt(searchParams.get('statusId'), 0);
  const statusId = (ORDER_STATUS_IDS as number[]).includes(rawStatus) ? rawStatus : 0;
  const update = (next: { page?: number; statusId?: number }) => {
    const params = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(next)) {
      if (!value || (key === 'page' && value === 1)) params.delete(key);
      else params.set(key, String(value));
    }
    setSearchParams(params);
  };
  /** Every filter off, back to the first page. */
  const clearFilters = () => setSearchParams(new URLSearchParams());
  return { page, statusId, update, clearFilters };
}

/**
 * Spec §2 order lists: 'Your Orders' (own; staff with orders.view get the 'All Orders' action) and 'Customer
 * Orders' (all, or one customer's), the count in the title, a status filter, the cards and
 * pagination when there is more than one page. Empty: 'You have no orders yet.' (own) or 'No
 * orders found.'.
 */
export function OrderList({
  scope,
  userId,
  canSeeAll,
  orderActions,
  headerActions,
  filters,
  filterControls,
}: {
  scope: OrderListScope;
  /** Own orders: the signed-in user's id (staff asking without it would get every order). */
  userId?: number | undefined;
  /** Issue 32: the role may see every order (orders.view): the own list links to All Orders. */
  canSeeAll: boolean;
  /** Actions shown on each card (composed by the route: issue 17 'Buy again' on own orders). */
  orderActions?: (order: Order) => ReactNode;
  /** More actions beside the title (composed by the route: issue 18 orders CSV on All Orders). */
  headerActions?: ReactNode;
  /** Issue 18: more filters from the address, sent with the query (All Orders). */
  filters?: Readonly<Record<string, string>> | undefined;
  /** Their controls, shown beside the status filter. */
  filterControls?: ReactNode;
}) {
  const filterId = useId();
  const { currencySymbol } = useShopSettings();
  const { page, statusId, update, clearFilters } = useListParams();
  const own = scope === 'own';
  const query = useOrders({
    userId: scope === 'all' ? undefined : userId,
    page,
    statusId,
    filters,
  });
  const filtered = statusId > 0 || Object.keys(filters ?? {}).length > 0;
  const orders = query.data?.orderList ?? [];
  const pagination = query.data?.pagination;
  const count = pagination?.rowCount;
  const title = own ? 'Your Orders' : 'Customer Orders';
  const customerName = scope === 'customer' ? orders[0]?.orderedBy.name : undefined;

  const actions =
    own && canSeeAll ? (
      <ButtonLink
        variant="secondary"
        to={paths.dashboard.ordersAll.getHref()}
        icon={<ListOrdered aria-hidden="true" className="size-4" />}
      >
        All Orders
      </ButtonLink>
    ) : scope === 'customer' ? (
      <ButtonLink
        variant="secondary"
        to={paths.dashboard.ordersAll.getHref()}
        icon={<ListOrdered aria-hidden="true" className="size-4" />}
      >
        All Orders
      </ButtonLink>
    ) : null;

  const description =
    scope === 'all'
      ? 'Every customer’s orders, newest first.'
      : scope === 'customer'
        ? customerName
          ? `Orders placed by ${customerName}.`
          : `Orders of customer #${userId ?? ''}.`
        : 'Follow your orders and complete the ones waiting for you.';

  let body;
  if (query.isPending) {
    body = (
      <LoadingRegion label="Loading orders" className="flex flex-col gap-3">
        {Array.from({ length: 3 }, (_, index) => (
          <OrderCardSkeleton key={index} />
        ))}
      </LoadingRegion>
    );
  } else if (query.isError) {
    body = (
      <EmptyState
        icon={<TriangleAlert className="size-8 text-red-700" />}
        title="We could not load the orders."
        action={
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (orders.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={<PackageSearch className="size-8" />}
        title={NO_ORDERS}
        action={
          <Button variant="secondary" onClick={clearFilters}>
            {Object.keys(filters ?? {}).length === 0 ? 'Show all statuses' : 'Show every order'}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<PackageSearch className="size-8" />}
        title={own ? NO_ORDERS_OWN : NO_ORDERS}
        action={own ? <ButtonLink to={paths.shop.getHref()}>Start shopping</ButtonLink> : undefined}
      />
    );
  } else {
    body = (
      <>
        <ul
          aria-label="Orders"
          aria-busy={query.isPlaceholderData || undefined}
          className="flex flex-col gap-3"
        >
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard
                order={order}
                currencySymbol={currencySymbol}
                actions={orderActions?.(order)}
              />
            </li>
          ))}
        </ul>
        <Pagination
          page={pagination?.page ?? page}
          pageCount={pagination?.pageCount ?? 0}
          onPageChange={(next) => update({ page: next })}
          label="Order pages"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={count === undefined ? title : `${title} (${count})`}
        description={description}
        actions={
          actions || headerActions ? (
            <>
              {actions}
              {headerActions}
            </>
          ) : null
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex w-full flex-col gap-1 sm:w-64">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-800">
            Status
          </label>
          <Select
            id={filterId}
            value={statusId}
            onChange={(event) => update({ statusId: Number(event.target.value), page: 1 })}
          >
            <option value={0}>All statuses</option>
            {ORDER_STATUS_IDS.map((id) => (
              <option key={id} value={id}>
                {ORDER_STATUS_NAMES[id]}
              </option>
            ))}
          </Select>
        </div>
        {filterControls}
      </div>
      {body}
    </>
  );
}
