import { zodResolver } from '@hookform/resolvers/zod';
import { Coins, RefreshCw, TicketPercent, X } from 'lucide-react';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  formatMoney,
  orderDiscountsFormSchema,
  type OrderDiscountsFormOutput,
  type OrderDiscountsFormValues,
  type OrderPricing,
  type SetOrderDiscountsInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Input } from '../../../components/ui/form-field';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { useShopSettings } from '../../../lib/shop-settings';
import { useOrderPricing, useSetOrderDiscounts } from '../api/order-discounts';

type Action = 'apply' | 'remove-coupon' | 'remove-points';

function AppliedDiscount({
  icon,
  children,
  removeLabel,
  isPending,
  disabled,
  onRemove,
}: {
  icon: ReactNode;
  children: ReactNode;
  removeLabel: string;
  isPending: boolean;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2">
      <p className="text-sm text-green-900">
        {icon}
        {children}
      </p>
      <Button
        variant="quiet"
        size="sm"
        isPending={isPending}
        disabled={disabled}
        pendingText="Removing..."
        icon={<X aria-hidden="true" className="size-4" />}
        aria-label={removeLabel}
        onClick={onRemove}
      >
        Remove
      </Button>
    </div>
  );
}

/**
 * One form for both discounts: Apply sends the whole state wanted (what is typed, else what the
 * order holds), so the server checks the coupon and the points together and changes both or
 * neither.
 */
function DiscountsForm({ orderId, pricing }: { orderId: number; pricing: OrderPricing }) {
  const { currencySymbol } = useShopSettings();
  const change = useSetOrderDiscounts(orderId);
  const [action, setAction] = useState<Action>('apply');
  // A second click can land before the re-render that disables the buttons.
  const sending = useRef(false);
  const errorId = useId();
  const { balance, maxForOrder, pointValue, redeemed } = pricing.points;
  const worth = (n: number) => formatMoney(n * pointValue, currencySymbol);
  const heldCode = pricing.coupon?.code ?? null;
  const showPoints = balance > 0 || redeemed > 0;
  const busy = change.isPending;
  const resolver = useMemo(() => zodResolver(orderDiscountsFormSchema(showPoints)), [showPoints]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<OrderDiscountsFormValues, unknown, OrderDiscountsFormOutput>({
    resolver,
    defaultValues: { code: '', points: '' },
  });
  // Nothing typed is the form's error, shown under Apply like the server's sentence.
  const formError = errors.code?.message;
  const message = formError ?? (change.isError ? getErrorMessage(change.error) : undefined);

  const send = (next: Action, input: SetOrderDiscountsInput, onSuccess?: () => void) => {
    if (sending.current) return;
    sending.current = true;
    setAction(next);
    change.mutate(input, {
      onSuccess,
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  const submit = handleSubmit(
    (typed) =>
      send(
        'apply',
        { couponCode: typed.couponCode ?? heldCode, points: typed.points ?? redeemed },
        () => reset(),
      ),
    // The last refusal gives way to what is wrong with the form now.
    () => change.reset(),
  );

  return (
    <>
      {pricing.coupon ? (
        <AppliedDiscount
          icon={<TicketPercent aria-hidden="true" className="mr-1 inline size-4" />}
          removeLabel={`Remove coupon ${pricing.coupon.code}`}
          isPending={busy && action === 'remove-coupon'}
          disabled={busy}
          onRemove={() => send('remove-coupon', { couponCode: null, points: redeemed })}
        >
          Coupon <strong>{pricing.coupon.code}</strong> applied: you save{' '}
          <strong>{formatMoney(pricing.coupon.discount, currencySymbol)}</strong>
        </AppliedDiscount>
      ) : null}
      {redeemed > 0 ? (
        <AppliedDiscount
          icon={<Coins aria-hidden="true" className="mr-1 inline size-4" />}
          removeLabel="Remove points"
          isPending={busy && action === 'remove-points'}
          disabled={busy}
          onRemove={() => send('remove-points', { couponCode: heldCode, points: 0 })}
        >
          <strong>{redeemed}</strong> points used: you save{' '}
          <strong>{formatMoney(pricing.points.discount, currencySymbol)}</strong>
        </AppliedDiscount>
      ) : null}
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="Apply a coupon or points"
        aria-describedby={message ? errorId : undefined}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label="Coupon code"
            hint={heldCode ? `A new code replaces ${heldCode}.` : undefined}
            className="min-w-0"
          >
            {(field) => (
              <Input
                {...field}
                {...register('code')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
                className="uppercase"
              />
            )}
          </FormField>
          {showPoints ? (
            <FormField
              label="Points to use"
              error={errors.points?.message}
              hint={
                (maxForOrder > 0
                  ? `You have ${balance} points (worth ${worth(balance)}). Up to ${maxForOrder} can be used on this order (${worth(maxForOrder)}).`
                  : `You have ${balance} points (worth ${worth(balance)}); none can be used on this order.`) +
                (redeemed > 0 ? ` A new number replaces the ${redeemed} used.` : '')
              }
              className="min-w-0"
            >
              {(field) => (
                <Input
                  {...field}
                  {...register('points')}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder={maxForOrder > 0 ? String(maxForOrder) : undefined}
                  disabled={maxForOrder === 0}
                />
              )}
            </FormField>
          ) : (
            <p className="self-center text-sm text-slate-600">
              You have no loyalty points yet. Delivered orders earn them.
            </p>
          )}
        </div>
        <div className="flex flex-col items-start gap-2">
          <Button
            type="submit"
            variant="secondary"
            disabled={busy}
            isPending={busy && action === 'apply'}
            pendingText="Applying..."
          >
            Apply
          </Button>
          {message ? <FieldError id={errorId}>{message}</FieldError> : null}
        </div>
      </form>
    </>
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
          <DiscountsForm orderId={orderId} pricing={data} />
        </>
      ) : null}
      <PricingSummary pricing={data} />
    </section>
  );
}
