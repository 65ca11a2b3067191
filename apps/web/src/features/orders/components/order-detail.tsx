import { ArrowLeft, BadgeCheck, ClipboardCheck, PackageSearch, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import {
  ORDER_NOT_FOUND,
  formatLongDate,
  formatMoney,
  needsCompletion,
  type DispensingApproval,
  type Order,
  type OrderDetailLine,
  type OrderTaxDocuments,
  type Permission,
} from '@pharmacy/shared';
import { ButtonLink, Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { InteractionAdvice } from '../../../components/ui/interaction-advice';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useShopSettings } from '../../../lib/shop-settings';
import { useOrderDetail } from '../api/get-order-detail';
import { calendarDate, showAdminControls } from '../lib/order-rules';
import { OrderItem } from './order-item';
import { OrderSavedPrescriptions } from './order-saved-prescriptions';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';

/** Staff only: its form code (react-hook-form) is not part of a customer's order page. */
const OrderAdminControls = lazy(async () => ({
  default: (await import('./order-admin-controls')).OrderAdminControls,
}));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function BackToOrders({ admin }: { admin: boolean }) {
  return (
    <ButtonLink
      variant="secondary"
      to={admin ? paths.dashboard.ordersAll.getHref() : paths.dashboard.orders.getHref()}
      icon={<ArrowLeft aria-hidden="true" className="size-4" />}
    >
      Back to orders
    </ButtonLink>
  );
}

/** Issue 16: the pharmacist who approved the order's prescription, as the customer reads it. */
export function approvalText(approval: DispensingApproval): string {
  return `Approved by pharmacist ${approval.pharmacistName} (Reg. no ${approval.pharmacistRegistrationNumber})`;
}

function ApprovalFact({ approval }: { approval: DispensingApproval }) {
  return (
    <div className="py-1.5 text-sm">
      <dt className="sr-only">Prescription</dt>
      <dd className="flex items-start gap-1.5 font-medium text-green-800">
        <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {approvalText(approval)}
          <span className="block text-xs font-normal text-slate-600">
            on <time dateTime={approval.approvedAt}>{formatLongDate(approval.approvedAt)}</time>
          </span>
        </span>
      </dd>
    </div>
  );
}

function ShippingAddress({ order }: { order: Order }) {
  const address = order.shippingAddress;
  if (!address) {
    return <p className="text-sm text-slate-600">No delivery address has been given yet.</p>;
  }
  return (
    <address className="flex flex-col gap-0.5 text-sm text-slate-800 not-italic">
      <span className="font-semibold text-slate-900">{address.name}</span>
      <span>{address.phone}</span>
      <span>{address.street}</span>
      <span>
        {address.city}, {address.state}
      </span>
      <span>
        {address.country} – {address.pinCode}
      </span>
    </address>
  );
}

function DetailSkeleton() {
  return (
    <LoadingRegion label="Loading order" className="flex flex-col gap-6">
      <Skeleton className="h-9 w-56" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-6">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
        <div className="flex flex-col gap-6">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      </div>
    </LoadingRegion>
  );
}

/** Who is looking: the order's own customer, or staff with the permissions of their role. */
export interface OrderViewer {
  isOwner: boolean;
  can: (permission: Permission) => boolean;
}

/**
 * Spec §2 order detail: id, value, date, status, expected delivery and delivered dates, shipping
 * address, items with line totals, 'Back to orders', the status timeline, the approving
 * pharmacist once a prescription is approved (issue 16), the invoice and credit notes to download
 * (issue 18); for the owner a 'Complete Order' link while the order waits on them (DECISIONS);
 * for staff with orders.fulfil or orders.cancel the controls, hidden once the order is Delivered
 * or Cancelled (issue 32: money shows only when the answer has it). Empty: 'No order found.'.
 */
export function OrderDetail({
  orderId,
  ownerActions,
  ownerLineActions,
  taxDocumentActions,
  afterSalesSections,
  cancellationSection,
  deliverySection,
}: {
  orderId: number | null;
  /** Shown under the items on the signed-in user's own order (issue 17 'Buy again'). */
  ownerActions?: (order: Order) => ReactNode;
  /** Shown under each item of the signed-in user's own order (issue 17 refill reminders). */
  ownerLineActions?: (line: OrderDetailLine, order: Order) => ReactNode;
  /** The invoice and credit notes to download, for the owner and admins (issue 18). */
  taxDocumentActions?: (order: Order, documents: OrderTaxDocuments) => ReactNode;
  /** Under the status history: the route's after-sales sections (issue 19 returns). */
  afterSalesSections?: (order: Order, viewer: OrderViewer) => ReactNode;
  /** Under the items: the parcels, their tracking and, for orders.fulfil, the dispatch (issue 29). */
  deliverySection?: (order: Order, viewer: OrderViewer) => ReactNode;
  /** Atop the side column: cancel, change address, who cancelled, refunds (issue 19). */
  cancellationSection?: (order: Order, viewer: OrderViewer) => ReactNode;
}) {
  const { profile, can } = useAuth();
  const seesAll = can('orders.view');
  const { currencySymbol } = useShopSettings();
  const query = useOrderDetail(orderId);
  const money = (amount: number) => formatMoney(amount, currencySymbol);

  if (orderId !== null && query.isPending) return <DetailSkeleton />;

  const notFound =
    orderId === null || (query.error instanceof ApiError && query.error.statusCode === 404);
  if (notFound || !query.data) {
    return (
      <>
        <PageHeader title="Order Details" actions={<BackToOrders admin={seesAll} />} />
        {notFound ? (
          <EmptyState icon={<PackageSearch className="size-8" />} title={ORDER_NOT_FOUND} />
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

  const { order, orderDetails, statusHistory, dispensing, taxDocuments } = query.data;
  const isOwner = profile?.id === order.userId;
  const viewer: OrderViewer = { isOwner, can };
  // Issue 32: money shows only when the answer has it (staff without money.view get none).
  const { subtotal, couponDiscount = 0, pointsDiscount = 0, totalOrderValue } = order;
  const manage = can('orders.fulfil') || can('orders.cancel');

  return (
    <>
      <PageHeader
        title={`Order #${order.id}`}
        description={
          <>
            Placed on <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
            {isOwner ? null : ` by ${order.orderedBy.name}`}
          </>
        }
        actions={
          <>
            {isOwner && needsCompletion(order) ? (
              <ButtonLink
                variant="accent"
                to={paths.orderProcess.getHref(order.id)}
                icon={<ClipboardCheck aria-hidden="true" className="size-4" />}
              >
                Complete Order
              </ButtonLink>
            ) : null}
            <BackToOrders admin={seesAll && !isOwner} />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Section title={`Items (${orderDetails.length})`}>
            <ul className="-my-3 divide-y divide-slate-200">
              {orderDetails.map((line) => (
                <OrderItem
                  key={line.id}
                  line={line}
                  currencySymbol={currencySymbol}
                  actions={isOwner ? ownerLineActions?.(line, order) : undefined}
                />
              ))}
            </ul>
            {subtotal !== undefined && (couponDiscount > 0 || pointsDiscount > 0) ? (
              // Issue 19: what the coupon and points took off before payment.
              <dl className="mt-3 flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm">
                <div className="flex justify-between">
                  <dt className="text-slate-600">Subtotal</dt>
                  <dd className="text-slate-900">{money(subtotal)}</dd>
                </div>
                {couponDiscount > 0 ? (
                  <div className="flex justify-between">
                    <dt className="text-slate-600">Coupon ({order.couponCode})</dt>
                    <dd className="text-green-800">−{money(couponDiscount)}</dd>
                  </div>
                ) : null}
                {pointsDiscount > 0 ? (
                  <div className="flex justify-between">
                    <dt className="text-slate-600">Points ({order.pointsRedeemed})</dt>
                    <dd className="text-green-800">−{money(pointsDiscount)}</dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
            {totalOrderValue !== undefined ? (
              <p className="mt-3 flex justify-between border-t border-slate-200 pt-3 text-base font-bold text-slate-900">
                <span>Order value</span>
                <span>{money(totalOrderValue)}</span>
              </p>
            ) : null}
            {isOwner && ownerActions ? (
              <div className="mt-4 border-t border-slate-200 pt-4">{ownerActions(order)}</div>
            ) : null}
          </Section>
          {/* Issue 31: the owner's advice and saved prescription; admins have the review panel. */}
          {isOwner ? <InteractionAdvice interactions={query.data.interactions ?? []} /> : null}
          {isOwner && orderDetails.some((line) => line.prescription) ? (
            <OrderSavedPrescriptions orderId={order.id} />
          ) : null}
          {deliverySection?.(order, viewer)}
          <Section title="Status history">
            <OrderTimeline history={statusHistory} />
          </Section>
          {afterSalesSections?.(order, viewer)}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {cancellationSection?.(order, viewer)}
          <Section title="Summary">
            <dl className="-my-1.5 divide-y divide-slate-100">
              <Fact label="Order ID">#{order.id}</Fact>
              <Fact label="Status">
                <OrderStatusBadge order={order} />
              </Fact>
              {dispensing.approval ? <ApprovalFact approval={dispensing.approval} /> : null}
              {totalOrderValue !== undefined ? (
                <Fact label="Order value">{money(totalOrderValue)}</Fact>
              ) : null}
              <Fact label="Order date">
                <time dateTime={order.createdAt}>{formatLongDate(order.createdAt)}</time>
              </Fact>
              <Fact label="Expected delivery">
                {order.expectedDeliveryDate ? (
                  <time dateTime={order.expectedDeliveryDate}>
                    {formatLongDate(calendarDate(order.expectedDeliveryDate))}
                  </time>
                ) : (
                  <span className="font-normal text-slate-600">Not set yet</span>
                )}
              </Fact>
              {order.deliveredAt ? (
                <Fact label="Delivered on">
                  <time dateTime={order.deliveredAt}>{formatLongDate(order.deliveredAt)}</time>
                </Fact>
              ) : null}
              {order.paymentNote ? <Fact label="Payment">{order.paymentNote}</Fact> : null}
            </dl>
          </Section>
          {taxDocuments.invoice && taxDocumentActions && (isOwner || can('money.view')) ? (
            <Section
              title={taxDocuments.creditNotes.length > 0 ? 'Invoice and credit note' : 'Invoice'}
            >
              {taxDocumentActions(order, taxDocuments)}
            </Section>
          ) : null}
          <Section title="Shipping address">
            <ShippingAddress order={order} />
          </Section>
          {showAdminControls(order, manage) ? (
            <Section title="Manage order">
              <Suspense
                fallback={
                  <LoadingRegion label="Loading the order controls">
                    <Skeleton className="h-40 w-full" />
                  </LoadingRegion>
                }
              >
                <OrderAdminControls
                  key={order.id}
                  order={order}
                  nextStatusIds={dispensing.nextStatusIds}
                  canSetDate={can('orders.fulfil')}
                />
              </Suspense>
            </Section>
          ) : null}
        </div>
      </div>
    </>
  );
}
