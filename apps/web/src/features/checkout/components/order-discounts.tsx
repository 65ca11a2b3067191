import { Coins, RefreshCw, TicketPercent, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatMoney, type OrderPricing } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { useShopSettings } from '../../../lib/shop-settings';
import { useChangeDiscount, useOrderPricing } from '../api/order-discounts';

function CouponForm({ orderId, pricing }: { orderId: number; pricing: OrderPricing }) {
  const { currencySymbol } = useShopSettings();
  const change = useChangeDiscount(orderId);
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const error = localError ?? (change.isError ? getErrorMessage(change.error) : undefined);

  if (pricing.coupon) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2">
        <p className="text-sm text-green-900">
          <TicketPercent aria-hidden="true" className="mr-1 inline size-4" />
          Coupon <strong>{pricing.coupon.code}</strong> applied: you save{' '}
          <strong>{formatMoney(pricing.coupon.discount, currencySymbol)}</strong>
        </p>
        <Button
          variant="quiet"
          size="sm"
          isPending={change.isPending}
          pendingText="Removing..."
          icon={<X aria-hidden="true" className="size-4" />}
          aria-label={`Remove coupon ${pricing.coupon.code}`}
          onClick={() => {
            if (!change.isPending) change.mutate({ kind: 'remove-coupon' });
          }}
        >
          Remove
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setLocalError('Enter a coupon code.');
      return;
    }
    setLocalError(undefined);
    if (!change.isPending)
      change.mutate({ kind: 'apply-coupon', code: trimmed }, { onSuccess: () => setCode('') });
  };

  return (
    <form className="flex flex-wrap items-start gap-2" onSubmit={submit} noValidate>
      <FormField label="Coupon code" error={error} className="min-w-0 flex-1">
        {(field) => (
          <Input
            {...field}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            className="uppercase"
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </FormField>
      <Button
        type="submit"
        variant="secondary"
        className="mt-6"
        isPending={change.isPending}
        pendingText="Applying..."
      >
        Apply
      </Button>
    </form>
  );
}

function PointsForm({ orderId, pricing }: { orderId: number; pricing: OrderPricing }) {
  const { currencySymbol } = useShopSettings();
  const change = useChangeDiscount(orderId);
  const [points, setPoints] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const error = localError ?? (change.isError ? getErrorMessage(change.error) : undefined);
  const { balance, maxForOrder, pointValue, redeemed } = pricing.points;
  const worth = (n: number) => formatMoney(n * pointValue, currencySymbol);

  if (redeemed > 0) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2">
        <p className="text-sm text-green-900">
          <Coins aria-hidden="true" className="mr-1 inline size-4" />
          <strong>{redeemed}</strong> points used: you save{' '}
          <strong>{formatMoney(pricing.points.discount, currencySymbol)}</strong>
        </p>
        <Button
          variant="quiet"
          size="sm"
          isPending={change.isPending}
          pendingText="Removing..."
          icon={<X aria-hidden="true" className="size-4" />}
          aria-label="Remove points"
          onClick={() => {
            if (!change.isPending) change.mutate({ kind: 'remove-points' });
          }}
        >
          Remove
        </Button>
      </div>
    );
  }

  if (balance === 0) {
    return (
      <p className="text-sm text-slate-600">
        You have no loyalty points yet. Delivered orders earn them.
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(points);
    if (!/^\d+$/.test(points.trim()) || value <= 0) {
      setLocalError('Choose a whole number of points to use.');
      return;
    }
    setLocalError(undefined);
    if (!change.isPending)
      change.mutate({ kind: 'apply-points', points: value }, { onSuccess: () => setPoints('') });
  };

  return (
    <form className="flex flex-wrap items-start gap-2" onSubmit={submit} noValidate>
      <FormField
        label="Use points"
        error={error}
        hint={
          maxForOrder > 0
            ? `You have ${balance} points (worth ${worth(balance)}). Up to ${maxForOrder} can be used on this order (${worth(maxForOrder)}).`
            : `You have ${balance} points (worth ${worth(balance)}); none can be used on this order.`
        }
        className="min-w-0 flex-1"
      >
        {(field) => (
          <Input
            {...field}
            value={points}
            inputMode="numeric"
            autoComplete="off"
            placeholder={maxForOrder > 0 ? String(maxForOrder) : undefined}
            disabled={maxForOrder === 0}
            onChange={(event) => setPoints(event.target.value)}
          />
        )}
      </FormField>
      <Button
        type="submit"
        variant="secondary"
        className="mt-6"
        disabled={maxForOrder === 0}
        isPending={change.isPending}
        pendingText="Applying..."
      >
        Apply points
      </Button>
    </form>
  );
}

/** The order's figures: subtotal, each discount, and what is paid. */
export function PricingSummary({ pricing }: { pricing: OrderPricing }) {
  const { currencySymbol } = useShopSettings();
  const money = (amount: number) => formatMoney(amount, currencySymbol);
  return (
    <dl className="flex flex-col gap-1 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="text-slate-900 tabular-nums">{money(pricing.subtotal)}</dd>
      </div>
      {pricing.coupon ? (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Coupon ({pricing.coupon.code})</dt>
          <dd className="text-green-800 tabular-nums">−{money(pricing.coupon.discount)}</dd>
        </div>
      ) : null}
      {pricing.points.redeemed > 0 ? (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Points ({pricing.points.redeemed})</dt>
          <dd className="text-green-800 tabular-nums">−{money(pricing.points.discount)}</dd>
        </div>
      ) : null}
      <div className="mt-1 flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold">
        <dt className="text-slate-900">Total to pay</dt>
        <dd className="text-slate-900 tabular-nums">{money(pricing.total)}</dd>
      </div>
    </dl>
  );
}

/**
 * Issue 19 at the payment step: one coupon code and loyalty points, applied by the server, which
 * reprices the order and answers in a sentence when a condition fails.
 */
export function OrderDiscounts({ orderId }: { orderId: number }) {
  const pricing = useOrderPricing(orderId);
  if (pricing.isPending) {
    return (
      <LoadingRegion label="Loading discounts..." className="flex flex-col gap-3">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-20 w-full" />
      </LoadingRegion>
    );
  }
  if (pricing.isError) {
    return (
      <div className="flex flex-col items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3">
        <p role="alert" className="text-sm text-red-800">
          Coupons and points could not be loaded: {getErrorMessage(pricing.error)}
        </p>
        <Button
          variant="quiet"
          size="sm"
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={() => void pricing.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  }
  const data = pricing.data;
  return (
    <section
      aria-labelledby={`discounts-${orderId}`}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id={`discounts-${orderId}`} className="text-base font-semibold text-slate-900">
        Coupon and loyalty points
      </h3>
      {data.editable ? (
        <>
          <CouponForm orderId={orderId} pricing={data} />
          <PointsForm orderId={orderId} pricing={data} />
        </>
      ) : null}
      <PricingSummary pricing={data} />
    </section>
  );
}
