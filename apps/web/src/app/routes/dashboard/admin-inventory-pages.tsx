import { Navigate, useLocation } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';
import { paths } from '../../../config/paths';
import { LowStockList } from '../../../features/admin-inventory/components/low-stock-list';
import { NearExpiryList } from '../../../features/admin-inventory/components/near-expiry-list';
import { RequirePermission } from '../../components/require-permission';

/** Issue 15 stock lists (admin only). */
export const LowStockRoute = () => (
  <RequirePermission permission="inventory.manage">
    <DocumentTitle title="Low Stock" />
    <LowStockList />
  </RequirePermission>
);

export const NearExpiryRoute = () => (
  <RequirePermission permission="inventory.manage">
    <DocumentTitle title="Near Expiry" />
    <NearExpiryList />
  </RequirePermission>
);

/** /admin/inventory/low-stock and /admin/inventory/near-expiry lead to the dashboard's lists. */
export function AdminInventoryAliasRoute() {
  const { pathname, search } = useLocation();
  const rest = pathname.slice(paths.adminInventoryAlias.path.length);
  const target =
    rest === '/near-expiry'
      ? paths.dashboard.nearExpiry.getHref()
      : rest === '/low-stock'
        ? paths.dashboard.lowStock.getHref()
        : null;
  if (!target) return <Navigate to={paths.notFound.getHref()} replace />;
  return <Navigate to={`${target}${search}`} replace />;
}
