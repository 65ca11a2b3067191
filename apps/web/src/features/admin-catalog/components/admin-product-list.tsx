import { zodResolver } from '@hookform/resolvers/zod';
import { FileText, PackageSearch, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  formatMoney,
  isLowStock,
  LIMITS,
  MESSAGES,
  productListQuerySchema,
  showingText,
  type Product,
} from '@pharmacy/shared';
import { ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useShopSettings } from '../../../lib/shop-settings';
import { notify } from '../../../lib/toast';
import { useDeleteProduct } from '../api/delete-product';
import { useAdminProducts } from '../api/get-admin-products';

/** The search box reads the list query's own rule (trimmed, at most 100 characters). */
const searchFormSchema = productListQuerySchema.pick({ search: true });

function readListParams(search: string) {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    search: params.get('search')?.trim() ?? '',
  };
}

/** Spec §2 available stock: red below 5, 'Not Available' at zero. */
function StockCell({ quantity }: { quantity: number }) {
  if (quantity <= 0) return <span className="font-semibold text-red-700">Not Available</span>;
  return (
    <span className={isLowStock(quantity) ? 'font-semibold text-red-700' : 'text-slate-800'}>
      {quantity}
      {isLowStock(quantity) ? <span className="sr-only"> (low stock)</span> : null}
    </span>
  );
}

/** Long names take two lines at most; the whole name is in the tooltip. */
function ClampedCell({ text }: { text: string }) {
  return (
    <td className="px-2 py-2 text-slate-700">
      <span title={text} className="line-clamp-2 break-words">
        {text}
      </span>
    </td>
  );
}

function ProductRows({
  products,
  onDelete,
}: {
  products: Product[];
  onDelete: (product: Product) => void;
}) {
  const { currencySymbol } = useShopSettings();
  return (
    <>
      {products.map((product) => (
        <tr
          key={product.id}
          className="border-t border-slate-100 bg-white even:bg-slate-50 hover:bg-brand-50"
        >
          <th scope="row" className="px-2 py-2 text-left font-medium text-slate-900">
            <Link
              to={paths.product.getHref(product.id)}
              title={product.name}
              className="line-clamp-2 break-words hover:text-brand-700 hover:underline"
            >
              {product.name}
            </Link>
            {!product.isActive ? (
              <span className="mt-1 inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                Inactive
              </span>
            ) : null}
          </th>
          <ClampedCell text={product.division.name} />
          <ClampedCell text={product.manufacturer.name} />
          <ClampedCell text={product.saltComposition?.name ?? 'N/A'} />
          <td className="px-2 py-2 text-right whitespace-nowrap text-slate-700 tabular-nums">
            {formatMoney(product.maximumRetailPrice, currencySymbol)}
          </td>
          <td className="px-2 py-2 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">
            {formatMoney(product.offerPrice, currencySymbol)}
          </td>
          <td className="px-2 py-2 text-right tabular-nums">
            <StockCell quantity={product.quantity} />
          </td>
          <td className="px-1 py-2 text-center">
            {product.prescription ? (
              <span
                title={`Prescription required (${product.schedule.name})`}
                className="inline-flex text-amber-700"
              >
                <FileText aria-hidden="true" className="size-5" />
                <span className="sr-only">Prescription required ({product.schedule.name})</span>
              </span>
            ) : (
              <span className="sr-only">No prescription needed</span>
            )}
          </td>
          {/* Kept in view when a narrow screen scrolls the table sideways. */}
          <td className="sticky right-0 bg-inherit px-2 py-2 shadow-[-1px_0_0_var(--color-slate-200)]">
            <div className="flex justify-end gap-1">
              <Link
                to={paths.dashboard.productEdit.getHref(product.id)}
                className="inline-flex size-9 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50"
                aria-label={`Edit ${product.name}`}
                title="Edit"
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Link>
              <button
                type="button"
                onClick={() => onDelete(product)}
                className="inline-flex size-9 items-center justify-center rounded-lg text-red-700 hover:bg-red-50"
                aria-label={`Delete ${product.name}`}
                title="Delete"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
          </td>
        </tr>
      ))}
    </>
  );
}

/**
 * Spec §2 admin product list: Add button, a search, the table (name, division, manufacturer,
 * salt composition, MRP, offer price, available stock red below 5 or 'Not Available' at zero,
 * prescription icon), inactive products marked, edit and delete with confirmation, pages.
 */
export function AdminProductList({ actions }: { actions?: ReactNode } = {}) {
  const searchId = useId();
  const { pathname, search: locationSearch } = useLocation();
  const navigate = useNavigate();
  const params = readListParams(locationSearch);
  const { data, isPending, isError, error, isFetching } = useAdminProducts(params);
  const { register, handleSubmit, setValue } = useForm<
    z.input<typeof searchFormSchema>,
    unknown,
    z.output<typeof searchFormSchema>
  >({ resolver: zodResolver(searchFormSchema), defaultValues: { search: params.search } });
  const [deleting, setDeleting] = useState<Product | null>(null);
  const remove = useDeleteProduct();

  // The header search writes the same URL parameter; follow it.
  useEffect(() => setValue('search', params.search), [params.search, setValue]);

  const go = (next: { page?: number; search?: string }, replace = false) => {
    const query = new URLSearchParams();
    const search = next.search ?? params.search;
    const page = next.page ?? params.page;
    if (search) query.set('search', search);
    if (page > 1) query.set('page', String(page));
    const text = query.toString();
    navigate(text ? `${pathname}?${text}` : pathname, { replace });
  };

  const debounced = useDebouncedCallback(
    (value: string) => go({ search: value.trim(), page: 1 }, true),
    LIMITS.headerSearchDebounceMs,
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ message }) => {
        notify.success(message || MESSAGES.productDeleted);
        setDeleting(null);
      },
    });
  };

  const products = data?.productList ?? [];
  const pagination = data?.pagination;

  return (
    <>
      <PageHeader
        title="Products"
        description={
          pagination
            ? showingText(pagination.page, pagination.pageSize, pagination.rowCount)
            : undefined
        }
        actions={
          <>
            {actions}
            <ButtonLink
              to={paths.dashboard.productAdd.getHref()}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              Add Product
            </ButtonLink>
          </>
        }
      />
      <form
        role="search"
        className="relative mb-4 max-w-md"
        onSubmit={handleSubmit(({ search }) => {
          debounced.cancel();
          go({ search: search ?? '', page: 1 }, true);
        })}
      >
        <label htmlFor={searchId} className="sr-only">
          Search the product list
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id={searchId}
          type="search"
          maxLength={100}
          placeholder="Product, salt or manufacturer"
          {...register('search', { onChange: (event) => debounced.run(event.target.value) })}
          className="pl-9"
        />
      </form>

      {isPending ? (
        <LoadingRegion label="Loading products" className="flex flex-col gap-2">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-11 w-full" />
          ))}
        </LoadingRegion>
      ) : isError ? (
        <EmptyState icon={<PackageSearch className="size-8" />} title="No products found.">
          <span role="alert">{getErrorMessage(error)}</span>
        </EmptyState>
      ) : products.length === 0 ? (
        <EmptyState
          icon={<PackageSearch className="size-8" />}
          title="No products found."
          action={
            <ButtonLink
              to={paths.dashboard.productAdd.getHref()}
              variant="secondary"
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              Add Product
            </ButtonLink>
          }
        />
      ) : (
        <div
          className={cn(
            'max-h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white transition-opacity',
            isFetching && 'opacity-60',
          )}
          role="region"
          aria-label="Products table"
          tabIndex={0}
        >
          {/*
           * Fixed column widths so the table fits the dashboard's content area at 1366 px
           * (about 950 px) with its Actions column whole; names give way first (two lines).
           */}
          <table className="w-full min-w-[56rem] table-fixed text-sm">
            <caption className="sr-only">Products</caption>
            <colgroup>
              <col />
              <col className="w-26" />
              <col className="w-32" />
              <col className="w-36" />
              <col className="w-22" />
              <col className="w-22" />
              <col className="w-22" />
              <col className="w-11" />
              <col className="w-24" />
            </colgroup>
            <thead className="sticky top-0 z-10 bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
              <tr>
                <th scope="col" className="px-2 py-2">
                  Name
                </th>
                <th scope="col" className="px-2 py-2">
                  Division
                </th>
                <th scope="col" className="px-2 py-2">
                  Manufacturer
                </th>
                <th scope="col" className="px-2 py-2">
                  Salt Composition
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  MRP
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Offer Price
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Available Stock
                </th>
                <th scope="col" className="px-1 py-2 text-center">
                  Rx
                </th>
                <th
                  scope="col"
                  className="sticky right-0 bg-slate-100 px-2 py-2 text-right shadow-[-1px_0_0_var(--color-slate-200)]"
                >
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              <ProductRows products={products} onDelete={setDeleting} />
            </tbody>
          </table>
        </div>
      )}
      {pagination ? (
        <Pagination
          page={pagination.page}
          pageCount={pagination.pageCount}
          onPageChange={(page) => go({ page })}
          label="Product list pages"
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete product?"
        message={
          <>
            <strong>{deleting?.name}</strong> and its images will be removed. Orders keep their own
            copy of it.
          </>
        }
        error={remove.isError ? getErrorMessage(remove.error) : null}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </>
  );
}
