import { Plus, RefreshCw, TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, type Coupon } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useShopSettings } from '../../../lib/shop-settings';
import { useCoupons } from '../api/get-coupons';
import { couponInputOf, useSaveCoupon } from '../api/save-coupon';
import { CouponForm } from './coupon-form';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateFormat.format(new Date(iso));

function discountText(coupon: Coupon, currencySymbol: string): string {
  const off =
    coupon.kind === 'percent'
      ? `${coupon.percentOff}% off`
      : `${formatMoney(coupon.amountOff ?? 0, currencySymbol)} off`;
  return coupon.maxDiscount === null
    ? off
    : `${off}, at most ${formatMoney(coupon.maxDiscount, currencySymbol)}`;
}

function conditionsText(coupon: Coupon, currencySymbol: string): string {
  const parts: string[] = [];
  if (coupon.minOrderValue > 0)
    parts.push(`orders from ${formatMoney(coupon.minOrderValue, currencySymbol)}`);
  if (coupon.divisionIds.length > 0)
    parts.push(
      `${coupon.divisionIds.length} division${coupon.divisionIds.length === 1 ? '' : 's'}`,
    );
  if (coupon.productIds.length > 0)
    parts.push(`${coupon.productIds.length} product${coupon.productIds.length === 1 ? '' : 's'}`);
  if (coupon.excludePrescription) parts.push('no prescription medicines');
  if (coupon.perCustomerLimit !== null) parts.push(`${coupon.perCustomerLimit} per customer`);
  return parts.length === 0 ? 'Any order' : parts.join(' · ');
}

function ActiveToggle({ coupon }: { coupon: Coupon }) {
  const save = useSaveCoupon(coupon.id);
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant={coupon.isActive ? 'quiet' : 'secondary'}
        size="sm"
        isPending={save.isPending}
        pendingText={coupon.isActive ? 'Deactivating...' : 'Activating...'}
        aria-label={`${coupon.isActive ? 'Deactivate' : 'Activate'} ${coupon.code}`}
        onClick={() => {
          if (!save.isPending)
            save.mutate({ ...couponInputOf(coupon), isActive: !coupon.isActive });
        }}
      >
        {coupon.isActive ? 'Deactivate' : 'Activate'}
      </Button>
      {save.isError ? (
        <p role="alert" className="max-w-48 text-right text-xs text-red-700">
          {getErrorMessage(save.error)}
        </p>
      ) : null}
    </div>
  );
}

function CouponsSkeleton() {
  return (
    <LoadingRegion label="Loading coupons" className="flex flex-col gap-2">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-14 w-full" />
      ))}
    </LoadingRegion>
  );
}

/** Issue 19: the admins' coupon codes: create, edit, deactivate; the uses each holds. */
export function CouponsPage() {
  const { currencySymbol } = useShopSettings();
  const [search, setSearch] = useSearchParams();
  const pageText = Number(search.get('page'));
  const page = Number.isInteger(pageText) && pageText > 1 ? pageText : 1;
  const coupons = useCoupons(page);
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);

  let body;
  if (coupons.isPending) {
    body = <CouponsSkeleton />;
  } else if (coupons.isError) {
    body = (
      <EmptyState
        icon={<TicketPercent className="size-8" />}
        title="The coupons could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void coupons.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(coupons.error)}</span>
      </EmptyState>
    );
  } else if (coupons.data.coupons.length === 0) {
    body = (
      <EmptyState
        icon={<TicketPercent className="size-8" />}
        title="No coupons yet."
        action={
          <Button
            icon={<Plus aria-hidden="true" className="size-4" />}
            onClick={() => setEditing('new')}
          >
            New coupon
          </Button>
        }
      >
        Create a code shoppers can apply at the payment step.
      </EmptyState>
    );
  } else {
    const { pagination } = coupons.data;
    body = (
      <>
        <div
          className={cn(
            'overflow-x-auto rounded-xl border border-slate-200 bg-white',
            coupons.isPlaceholderData && 'opacity-60',
          )}
        >
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Coupon codes, newest first</caption>
            <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Code
                </th>
                <th scope="col" className="px-4 py-3">
                  Discount
                </th>
                <th scope="col" className="px-4 py-3">
                  Conditions
                </th>
                <th scope="col" className="px-4 py-3">
                  Valid
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Uses
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {coupons.data.coupons.map((coupon) => (
                <tr key={coupon.id} className="align-top hover:bg-slate-50">
                  <th scope="row" className="px-4 py-3 font-mono font-semibold text-slate-900">
                    {coupon.code}
                    {coupon.description ? (
                      <span className="block font-sans text-xs font-normal text-slate-600">
                        {coupon.description}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-4 py-3">{discountText(coupon, currencySymbol)}</td>
                  <td className="px-4 py-3 text-slate-700">
                    {conditionsText(coupon, currencySymbol)}
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    From {when(coupon.startsAt)}
                    <span className="block">
                      {coupon.endsAt ? `until ${when(coupon.endsAt)}` : 'no end date'}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {coupon.timesUsed}
                    {coupon.usageLimit !== null ? ` of ${coupon.usageLimit}` : ''}
                  </td>
                  <td className="px-4 py-3">
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-semibold',
                        coupon.isActive
                          ? 'bg-green-100 text-green-900'
                          : 'bg-slate-200 text-slate-800',
                      )}
                    >
                      {coupon.isActive ? 'Active' : 'Inactive'}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Edit ${coupon.code}`}
                        onClick={() => setEditing(coupon)}
                      >
                        Edit
                      </Button>
                      <ActiveToggle coupon={coupon} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          page={pagination.page}
          pageCount={pagination.pageCount}
          onPageChange={(next) =>
            setSearch((current) => {
              const query = new URLSearchParams(current);
              if (next <= 1) query.delete('page');
              else query.set('page', String(next));
              return query;
            })
          }
          label="Coupon pages"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Coupons"
        description="Codes shoppers apply at the payment step. A use is held from the moment a code is applied and given back if it is removed or the order is cancelled."
        actions={
          <Button
            icon={<Plus aria-hidden="true" className="size-4" />}
            onClick={() => setEditing('new')}
          >
            New coupon
          </Button>
        }
      />
      {body}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? 'New coupon' : `Edit ${editing.code}`}
        size="lg"
      >
        {editing !== null ? (
          <CouponForm
            coupon={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </>
  );
}
