import { useParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { DocumentTitle } from '../../../components/ui/document-title';
import {
  OrderFilters,
  useOrderFilters,
} from '../../../features/admin-orders/components/order-filters';
import { OrdersCsvExport } from '../../../features/admin-orders/components/orders-csv-export';
import { OrderList } from '../../../features/orders/components/order-list';
import { RequireAdmin } from '../../components/require-admin';

/**
 * Admin order pages (spec §2 / §6): all orders, with the orders CSV for the accountant and the
 * filters the dashboard's queues link to (issue 18), and one customer's orders.
 */
export function AllOrdersRoute() {
  const filters = useOrderFilters();
  return (
    <RequireAdmin>
      <DocumentTitle title="All Orders" />
      <OrderList
        scope="all"
        isAdmin
        headerActions={<OrdersCsvExport />}
        filters={filters}
        filterControls={<OrderFilters />}
      />
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
