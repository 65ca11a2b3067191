import { DocumentTitle } from '../../../components/ui/document-title';
import { OrderList } from '../../../features/orders/components/order-list';
import { useAuth } from '../../../lib/auth';

/** Spec §2 /dashboard/orders: the signed-in user's own orders (admins too: their own). */
export function OrdersRoute() {
  const { isAdmin, profile } = useAuth();
  return (
    <>
      <DocumentTitle title="Your Orders" />
      <OrderList scope="own" userId={profile?.id} isAdmin={isAdmin} />
    </>
  );
}
