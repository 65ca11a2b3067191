import { lazy, Suspense } from 'react';
import { DocumentTitle } from '../../../components/ui/document-title';
import { openCartDrawer } from '../../../features/cart/hooks/use-cart-drawer';
import { OrderList } from '../../../features/orders/components/order-list';
import { BuyAgainButton } from '../../../features/reorder/components/buy-again-button';
import { useAuth } from '../../../lib/auth';

/** Issue 19 'Cancel order' on the cards still cancellable: its own chunk, fetched when shown. */
const CancelOrderButton = lazy(async () => ({
  default: (await import('../../../features/aftersales/components/cancel-order-button'))
    .CancelOrderButton,
}));

/**
 * Spec §2 /dashboard/orders: the signed-in user's own orders (staff too: their own), each with
 * issue 17 'Buy again' and, while allowed, issue 19 'Cancel order'.
 */
export function OrdersRoute() {
  const { can, profile } = useAuth();
  return (
    <>
      <DocumentTitle title="Your Orders" />
      <OrderList
        scope="own"
        userId={profile?.id}
        canSeeAll={can('orders.view')}
        orderActions={(order) => (
          <div className="flex flex-wrap gap-2">
            <BuyAgainButton orderId={order.id} onViewCart={openCartDrawer} size="sm" />
            {order.canCancel ? (
              <Suspense fallback={null}>
                <CancelOrderButton orderId={order.id} size="sm" />
              </Suspense>
            ) : null}
          </div>
        )}
      />
    </>
  );
}
