import { DocumentTitle } from '../../../components/ui/document-title';
import { openCartDrawer } from '../../../features/cart/hooks/use-cart-drawer';
import { OrderList } from '../../../features/orders/components/order-list';
import { BuyAgainButton } from '../../../features/reorder/components/buy-again-button';
import { useAuth } from '../../../lib/auth';

/**
 * Spec §2 /dashboard/orders: the signed-in user's own orders (admins too: their own), each with
 * issue 17 'Buy again'.
 */
export function OrdersRoute() {
  const { isAdmin, profile } = useAuth();
  return (
    <>
      <DocumentTitle title="Your Orders" />
      <OrderList
        scope="own"
        userId={profile?.id}
        isAdmin={isAdmin}
        orderActions={(order) => (
          <BuyAgainButton orderId={order.id} onViewCart={openCartDrawer} size="sm" />
        )}
      />
    </>
  );
}
