import { OrderShipments } from '../../features/shipments/components/order-shipments';
import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { ORDER_STATUS, type Order } from '@pharmacy/shared';
import { Container } from '../../components/layouts/container';
import { DocumentTitle } from '../../components/ui/document-title';
import { LoadingRegion, Skeleton } from '../../components/ui/skeleton';
import { openCartDrawer } from '../../features/cart/hooks/use-cart-drawer';
import { TaxDocumentDownloads } from '../../features/invoices/components/tax-document-downloads';
import { OrderDetail } from '../../features/orders/components/order-detail';
import {
  OrderAuthLoading,
  OrderSignInPrompt,
} from '../../features/orders/components/order-sign-in-prompt';
import { RefillLineAction } from '../../features/refills/components/refill-line-action';
import { BuyAgainButton } from '../../features/reorder/components/buy-again-button';
import { useAuth } from '../../lib/auth';

/** A positive whole number from the address, or null (which the pages show as not found). */
function useOrderIdParam(name: 'id' | 'orderId'): number | null {
  const value = useParams()[name] ?? '';
  return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** Orders belong to a signed-in user; others are asked to sign in first. */
function SignedIn({ title, children }: { title: string; children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'anonymous') return <OrderSignInPrompt title={title} />;
  if (status === 'loading') return <OrderAuthLoading />;
  return children;
}

/** Staff code: loaded only for a pharmacist, so a customer's order page never downloads it. */
const PrescriptionReviewPanel = lazy(async () => ({
  default: (await import('../../features/admin-orders/components/prescription-review-panel'))
    .PrescriptionReviewPanel,
}));

/** Issue 19 returns and damage reports: their own chunk, loaded only for a delivered order. */
const OrderReturns = lazy(async () => ({
  default: (await import('../../features/returns/components/order-returns')).OrderReturns,
}));

function DeliveredOrderReturns({ order, isOwner }: { order: Order; isOwner: boolean }) {
  if (order.statusId !== ORDER_STATUS.DELIVERED) return null;
  return (
    <Suspense
      fallback={
        <LoadingRegion label="Loading returns">
          <Skeleton className="h-32 w-full" />
        </LoadingRegion>
      }
    >
      <OrderReturns orderId={order.id} isOwner={isOwner} />
    </Suspense>
  );
}

/** Issue 19 cancel, address change, who cancelled and refunds: their own chunk. */
const OrderAfterSales = lazy(async () => ({
  default: (await import('../../features/aftersales/components/order-after-sales')).OrderAfterSales,
}));

function OrderCancellation({ order, viewer }: { order: Order; viewer: 'owner' | 'admin' }) {
  return (
    <Suspense
      fallback={
        <LoadingRegion label="Loading cancellation and refunds">
          <Skeleton className="h-24 w-full" />
        </LoadingRegion>
      }
    >
      <OrderAfterSales orderId={order.id} addressId={order.addressId} viewer={viewer} />
    </Suspense>
  );
}

/**
 * DECISIONS pharmacist review: the pharmacist (issue 32: prescriptions.review) reviews the order's
 * prescriptions under its detail.
 */
function AdminPrescriptionReview({ orderId }: { orderId: number | null }) {
  const { can } = useAuth();
  if (!can('prescriptions.review') || orderId === null) return null;
  return (
    <div className="mt-6">
      <Suspense
        fallback={
          <LoadingRegion label="Loading prescriptions">
            <Skeleton className="h-40 w-full" />
          </LoadingRegion>
        }
      >
        <PrescriptionReviewPanel orderId={orderId} />
      </Suspense>
    </div>
  );
}

/**
 * Spec §2 /order/{id}; issue 17 'Buy again' on the customer's own order and 'Remind me to refill'
 * on its medicine lines; issue 18 'Download invoice' for the owner and the pharmacy.
 */
export function OrderDetailRoute() {
  const orderId = useOrderIdParam('id');
  return (
    <Container className="py-8">
      <DocumentTitle title={orderId ? `Order #${orderId}` : 'Order details'} />
      <SignedIn title="Order Details">
        <OrderDetail
          key={orderId}
          orderId={orderId}
          ownerActions={(order) => (
            <BuyAgainButton orderId={order.id} onViewCart={openCartDrawer} />
          )}
          ownerLineActions={(line, order) => (
            <RefillLineAction orderId={order.id} orderLineId={line.id} />
          )}
          taxDocumentActions={(order, documents) => (
            <TaxDocumentDownloads orderId={order.id} documents={documents} />
          )}
          cancellationSection={(order, { isOwner, can }) =>
            isOwner || can('orders.view') ? (
              <OrderCancellation order={order} viewer={isOwner ? 'owner' : 'admin'} />
            ) : null
          }
          deliverySection={(order, { can }) => (
            <OrderShipments order={order} canFulfil={can('orders.fulfil')} />
          )}
          afterSalesSections={(order, { isOwner, can }) =>
            isOwner || can('returns.manage') ? (
              <DeliveredOrderReturns order={order} isOwner={isOwner} />
            ) : null
          }
        />
        <AdminPrescriptionReview orderId={orderId} />
      </SignedIn>
    </Container>
  );
}
