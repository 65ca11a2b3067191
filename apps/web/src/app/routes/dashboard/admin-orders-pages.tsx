import { useParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { DocumentTitle } from '../../../components/ui/document-title';
import { OrdersCsvExport } from '../../../features/admin-orders/components/orders-csv-export';
import { OrderList } from '../../../features/orders/components/order-list';
import { RequireAdmin } from '../../components/require-admin';

/**
 * Admin order pages (spec §2 / §6): all orders, with the orders CSV for the accountant (issue
 * 18), and one customer's orders.
 */
export function AllOrdersRoute() {
  return (
    <RequireAdmin>
      <DocumentTitle title="All Orders" />
      <OrderList scope="all" isAdmin headerActions={<OrdersCsvExport />} />
    </RequireAdmin>
  );
}

export function CustomerOrdersRoute() {
  const { userId = '' } = useParams();
  const id = /^\d{1,9}$/.test(userId) && Number(userId) > 0 ? Number(userId) : null;
  return (
    <RequireAdmin>
      <DocumentTitle title="Customer Orders" />
      {id === null ? <NotFound /> : <OrderList key={id} scope="customer" userId={id} isAdmin />}
    </RequireAdmin>
  );
}
