import { PackageSearch, TriangleAlert } from 'lucide-react';
import {
  formatLongDate,
  formatMoney,
  lineTotal,
  orderProcessStep,
  orderProcessSteps,
  PAYMENT_TEXT,
  type OrderDetailResponse,
} from '@pharmacy/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { InteractionAdvice } from '../../../components/ui/interaction-advice';
import { PageHeader } from '../../../components/ui/page-header';
import { PrescriptionRequiredTag } from '../../../components/ui/prescription-tag';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { WarningList } from '../../../components/ui/warning-list';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useShopSettings } from '../../../lib/shop-settings';
import { useCheckoutOrder } from '../api/get-checkout-order';
import { AddressStep } from './address-step';
import { OrderCancelled, OrderConfirmed } from './order-confirmed';
import { PaymentStep } from './payment-step';
import { PrescriptionStep } from './prescription-step';
import { ProcessStepper } from './process-stepper';

function ProcessHeader() {
  return (
    <PageHeader
      title="Complete Your Order"
      actions={
        <ButtonLink variant="secondary" to={paths.dashboard.orders.getHref()}>
          My Orders
        </ButtonLink>
      }
    />
  );
}

/**
 * Issue 16, before payment: a warning for each salt composition two of the order's products share
 * (the server's dispensing.duplicateTherapies).
 */
function DuplicateTherapyWarnings({ detail }: { detail: OrderDetailResponse }) {
  return (
    <WarningList
      label="Duplicate therapy warnings"
      title="Duplicate therapy"
      warnings={detail.dispensing.duplicateTherapies.map((d) => ({
        id: d.saltCompositionId,
        text: d.message,
      }))}
    />
  );
}

function OrderSummary({ detail }: { detail: OrderDetailResponse }) {
  const { currencySymbol } = useShopSettings();
  const { order, orderDetails } = detail;
  const money = (amount: number) => formatMoney(amount, currencySymbol);
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-lg font-semibold text-slate-900">Order summary</h2>
      <dl className="mt-3 flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Order</dt>
          <dd className="font-medium">#{order.id}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Placed on</dt>
          <dd className="text-right font-medium">{formatLongDate(order.createdAt)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Status</dt>
          <dd className="text-right font-medium">{order.status}</dd>
        </div>
      </dl>
      <ul aria-label="Items" className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4">
        {orderDetails.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 text-sm">
            <span className="flex min-w-0 flex-col items-start gap-1 text-slate-800">
              <span>
                {line.productName} <span className="text-slate-600">× {line.quantity}</span>
              </span>
              {line.prescription ? <PrescriptionRequiredTag /> : null}
            </span>
            {line.offerPrice !== undefined ? (
              <span className="shrink-0 font-medium text-slate-900">
                {money(lineTotal(line.offerPrice, line.quantity))}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 text-sm">
        <span className="text-slate-600">Shipping</span>
        <span className="font-semibold text-green-800">Free</span>
      </p>
      {order.totalOrderValue !== undefined ? (
        <p className="mt-2 flex justify-between text-base font-bold text-slate-900">
          <span>Total</span>
          <span>{money(order.totalOrderValue)}</span>
        </p>
      ) : null}
    </Card>
  );
}

/**
 * Spec §2 /order/process/{orderId}: loading until the order is read ('Order not found!' when it
 * is missing), the stepper, then the current step: the address, the prescription upload, the
 * payment, or 'Order Confirmed'. The server moves the order on; this page shows where it stands.
 */
export function CheckoutProcess({ orderId }: { orderId: number | null }) {
  const query = useCheckoutOrder(orderId);

  if (orderId !== null && query.isPending) {
    return (
      <>
        <ProcessHeader />
        <LoadingRegion label="Loading order" className="flex flex-col gap-6">
          <Skeleton className="h-16 w-full" />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <Skeleton className="h-72 w-full" />
            <Skeleton className="h-56 w-full" />
          </div>
        </LoadingRegion>
      </>
    );
  }

  const notFound =
    orderId === null || (query.error instanceof ApiError && query.error.statusCode === 404);
  if (notFound || !query.data) {
    return (
      <>
        <ProcessHeader />
        {notFound ? (
          <EmptyState
            icon={<PackageSearch className="size-8" />}
            title={PAYMENT_TEXT.orderNotFound}
            action={
              <ButtonLink variant="secondary" to={paths.dashboard.orders.getHref()}>
                Go to my orders
              </ButtonLink>
            }
          />
        ) : (
          <EmptyState
            icon={<TriangleAlert className="size-8 text-red-700" />}
            title="We could not load this order."
            action={
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          />
        )}
      </>
    );
  }

  const { order } = query.data;
  const view = orderProcessStep(order);
  let step;
  switch (view) {
    case 'address':
      step = <AddressStep orderId={order.id} />;
      break;
    case 'prescription':
      step = <PrescriptionStep orderId={order.id} />;
      break;
    case 'payment':
      step = <PaymentStep order={order} />;
      break;
    case 'confirmed':
      step = <OrderConfirmed order={order} />;
      break;
    case 'cancelled':
      step = <OrderCancelled order={order} />;
      break;
  }

  const beforePayment = view === 'address' || view === 'prescription' || view === 'payment';

  return (
    <>
      <ProcessHeader />
      <div className="flex flex-col gap-6">
        {view === 'cancelled' ? null : (
          <Card className="px-2 py-4 sm:px-6">
            <ProcessStepper steps={orderProcessSteps(order)} current={view} />
          </Card>
        )}
        {beforePayment ? <DuplicateTherapyWarnings detail={query.data} /> : null}
        {beforePayment ? <InteractionAdvice interactions={query.data.interactions ?? []} /> : null}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <Card className="p-4 sm:p-6" aria-live="polite">
            {step}
          </Card>
          <OrderSummary detail={query.data} />
        </div>
      </div>
    </>
  );
}
