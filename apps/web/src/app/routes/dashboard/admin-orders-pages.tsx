import { useParams } from 'react-router';
import { NotFound } from '../../../components/errors/not-found';
import { DocumentTitle } from '../../../components/ui/document-title';
import {
  OrderFilters,
  useOrderFilters,
} from '../../../features/admin-orders/components/order-filters';
import { OrdersCsvExport } from '../../../features/admin-orders/components/orders-csv-export';
import { OrderList } from '../../../features/orders/components/order-list';
import { useAuth } from '../../../lib/auth';
import { RequirePermission } from '../../components/require-permission';

/**
 * Staff order pages (spec §2 / §6; issue 32: orders.view): all orders, with the orders CSV for the
 * accountant (reports.view) and the filters the dashboard's queues link to (issue 18), and one
 * customer's orders.
 */
export function AllOrdersRoute() {
  const filters = useOrderFilters();
  const { can } = useAuth();
  return (
    <RequirePermission permission="orders.view">
      <DocumentTitle title="All Orders" />
      <OrderList
        scope="all"
        canSeeAll
        headerActions={can('reports.view') ? <OrdersCsvExport /> : undefined}
        filters={filters}
        filterControls={<OrderFilters />}
      />
    </RequirePermission>
  );
}

export function CustomerOrdersRoute() {
  const { userId = '' } = useParams();
  const id = /^\d{1,9}$/.test(userId) && Number(userId) > 0 ? Number(userId) : null;
  return (
    <RequirePermission permission="orders.view">
      <DocumentTitle title="Customer Orders" />
      {id === null ? <NotFound /> : <OrderList key={id} scope="customer" userId={id} canSeeAll />}
    </RequirePermission>
  );
}
