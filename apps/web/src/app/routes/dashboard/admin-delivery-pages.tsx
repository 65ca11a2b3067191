import { CalendarDays, MapPinned, Truck } from 'lucide-react';
import { Navigate, NavLink, useLocation } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { CouriersPage } from '../../../features/admin-delivery/components/couriers-page';
import { DeliveryAreasPage } from '../../../features/admin-delivery/components/delivery-areas-page';
import { DispatchCalendarPage } from '../../../features/admin-delivery/components/dispatch-calendar-page';
import { RequirePermission } from '../../components/require-permission';

const tabs = [
  { label: 'Delivery areas', to: paths.dashboard.deliveryAreas.getHref(), Icon: MapPinned },
  {
    label: 'Dispatch calendar',
    to: paths.dashboard.deliveryCalendar.getHref(),
    Icon: CalendarDays,
  },
  { label: 'Couriers', to: paths.dashboard.deliveryCouriers.getHref(), Icon: Truck },
];

/** The delivery screens side by side: one menu entry, a tab for each. */
function DeliveryTabs() {
  return (
    <nav aria-label="Delivery" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map(({ label, to, Icon }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold',
                  isActive
                    ? 'border-brand-700 text-brand-800'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Issue 29: where the shop delivers (admin only). */
export const DeliveryAreasRoute = () => (
  <RequirePermission permission="settings.manage">
    <DocumentTitle title="Delivery areas" />
    <DeliveryTabs />
    <DeliveryAreasPage />
  </RequirePermission>
);

/** Issue 29: the days and hours parcels leave (admin only). */
export const DispatchCalendarRoute = () => (
  <RequirePermission permission="settings.manage">
    <DocumentTitle title="Dispatch calendar" />
    <DeliveryTabs />
    <DispatchCalendarPage />
  </RequirePermission>
);

/** Issue 29: the couriers parcels leave with (admin only). */
export const CouriersRoute = () => (
  <RequirePermission permission="settings.manage">
    <DocumentTitle title="Couriers" />
    <DeliveryTabs />
    <CouriersPage />
  </RequirePermission>
);

/** The menu's Delivery entry opens the areas. */
export const DeliveryRoute = () => (
  <RequirePermission permission="settings.manage">
    <Navigate to={paths.dashboard.deliveryAreas.getHref()} replace />
  </RequirePermission>
);

/** /admin/delivery/areas and /admin/delivery/calendar lead to the dashboard's screens. */
export function AdminDeliveryAliasRoute() {
  const { pathname, search } = useLocation();
  const rest = pathname.slice(paths.adminDeliveryAlias.path.length).replace(/\/$/, '');
  const target =
    rest === '' || rest === '/areas'
      ? paths.dashboard.deliveryAreas.getHref()
      : rest === '/calendar'
        ? paths.dashboard.deliveryCalendar.getHref()
        : null;
  if (!target) return <Navigate to={paths.notFound.getHref()} replace />;
  return <Navigate to={`${target}${search}`} replace />;
}
