import { PackageCheck, PackageMinus, PackagePlus } from 'lucide-react';
import { Link } from 'react-router';
import { type LowStockItem } from '@pharmacy/shared';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useLowStock, type LowStockParams } from '../api/get-low-stock';
import { useListParams } from '../hooks/use-list-params';
import { useNarrowScreen } from '../hooks/use-narrow-screen';
import { ListError, ListSkeleton } from './list-states';
import { SortableHeader, SortSelect } from './sortable-header';

const COLUMNS = [
  'name',
  'quantity',
  'shortfall',
] as const satisfies readonly LowStockParams['sort'][];

/** Spec §9 highlight: red, and said in words; 'Not Available' at zero as in the product list. */
function SellableCell({ quantity }: { quantity: number }) {
  return (
    <span className="font-semibold text-red-700">
      {quantity <= 0 ? 'Not Available' : quantity}
      {quantity > 0 ? <span className="sr-only"> (low stock)</span> : null}
    </span>
  );
}

const SORT_OPTIONS = [
  { column: 'quantity', label: 'Sellable stock' },
  { column: 'shortfall', label: 'Shortfall' },
  { column: 'name', label: 'Product name' },
] as const;

function ReceiveLink({ item }: { item: LowStockItem }) {
  return (
    <Link
      to={paths.dashboard.productEdit.getHref(item.productId, 'stock')}
      aria-label={`Receive stock of ${item.name}`}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <PackagePlus aria-hidden="true" className="size-4" />
      Receive stock
    </Link>
  );
}

/** Phones: one card per product. */
function Cards({ items }: { items: LowStockItem[] }) {
  return (
    <ul aria-label="Products below their reorder level" className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.productId} className="rounded-xl border border-slate-200 bg-white p-3">
          <Link
            to={paths.dashboard.productEdit.getHref(item.productId)}
            className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
          >
            {item.name}
          </Link>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-slate-600">Sellable</dt>
              <dd className="tabular-nums">
                <SellableCell quantity={item.quantity} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Reorder level</dt>
              <dd className="text-slate-800 tabular-nums">{item.reorderLevel}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Shortfall</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">{item.shortfall}</dd>
            </div>
          </dl>
          <div className="mt-2 border-t border-slate-100 pt-2">
            <ReceiveLink item={item} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Row({ item }: { item: LowStockItem }) {
  return (
    <tr className="border-t border-slate-100 even:bg-slate-50/60 hover:bg-brand-50/50">
      <th scope="row" className="min-w-48 px-2.5 py-2 text-left font-medium text-slate-900">
        <Link
          to={paths.dashboard.productEdit.getHref(item.productId)}
          className="hover:text-brand-700 hover:underline"
        >
          {item.name}
        </Link>
      </th>
      <td className="px-2.5 py-2 text-right whitespace-nowrap tabular-nums">
        <SellableCell quantity={item.quantity} />
      </td>
      <td className="px-2.5 py-2 text-right whitespace-nowrap text-slate-700 tabular-nums">
        {item.reorderLevel}
      </td>
      <td className="px-2.5 py-2 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">
        {item.shortfall}
      </td>
      <td className="px-2.5 py-1.5 text-right">
        <ReceiveLink item={item} />
      </td>
    </tr>
  );
}

/**
 * Issue 15 low-stock list (spec §9's highlight): active products whose sellable stock is below
 * their reorder level, sortable by name, sellable units and shortfall, each linking to its admin
 * page. The sort and page live in the URL.
 */
export function LowStockList() {
  const narrow = useNarrowScreen();
  const { params, update } = useListParams(COLUMNS, { sort: 'quantity', direction: 'asc' });
  const { page, sort, direction } = params;
  const list = useLowStock({ page, sort, direction });
  const pagination = list.data?.pagination;
  const onSort = (column: LowStockParams['sort'], next: 'asc' | 'desc') =>
    update({ sort: column, direction: next });

  let body;
  if (list.isPending) body = <ListSkeleton label="Loading low-stock products" />;
  else if (list.isError)
    body = (
      <ListError
        title="The low-stock list could not be loaded."
        icon={<PackageMinus className="size-8" />}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.items.length === 0)
    body = (
      <EmptyState
        icon={<PackageCheck className="size-8" />}
        title="No product is below its reorder level."
        action={
          <ButtonLink to={paths.dashboard.products.getHref()} variant="secondary">
            Go to Products
          </ButtonLink>
        }
      >
        Every active product has at least as many sellable units as its reorder level.
      </EmptyState>
    );
  else if (narrow)
    body = (
      <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
        <SortSelect columns={SORT_OPTIONS} sort={sort} direction={direction} onSort={onSort} />
        <Cards items={list.data.items} />
      </div>
    );
  else
    body = (
      <div
        className={cn(
          'max-h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white transition-opacity',
          list.isPlaceholderData && 'opacity-60',
        )}
        role="region"
        aria-label="Low stock table"
        tabIndex={0}
      >
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Products below their reorder level</caption>
          <thead className="sticky top-0 z-10 bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
            <tr>
              <SortableHeader
                label="Product"
                column="name"
                sort={sort}
                direction={direction}
                onSort={onSort}
              />
              <SortableHeader
                label="Sellable stock"
                column="quantity"
                sort={sort}
                direction={direction}
                onSort={onSort}
                align="right"
              />
              <th scope="col" className="px-2.5 py-2 text-right">
                Reorder level
              </th>
              <SortableHeader
                label="Shortfall"
                column="shortfall"
                sort={sort}
                direction={direction}
                onSort={onSort}
                align="right"
              />
              <th scope="col" className="px-2.5 py-2 text-right">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((item) => (
              <Row key={item.productId} item={item} />
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <>
      <PageHeader
        title="Low Stock"
        description={
          pagination && pagination.rowCount > 0
            ? `${pagination.rowCount} ${pagination.rowCount === 1 ? 'product is' : 'products are'} below the reorder level.`
            : 'Active products whose sellable stock is below their reorder level.'
        }
      />
      {body}
      {pagination ? (
        <Pagination
          page={pagination.page}
          pageCount={pagination.pageCount}
          onPageChange={(next) => update({ page: next })}
          label="Low stock pages"
        />
      ) : null}
    </>
  );
}
