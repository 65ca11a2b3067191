import { useRoutes, type RouteObject } from 'react-router';
import { NotFound } from '../components/errors/not-found';
import { paths } from '../config/paths';
import { lazyPageElement as page } from './lazy-page';

const dashboard = () => import('./routes/dashboard/dashboard-pages');
const myOrders = () => import('./routes/dashboard/my-orders-pages');
const adminOrders = () => import('./routes/dashboard/admin-orders-pages');
const adminCatalog = () => import('./routes/dashboard/admin-catalog-pages');
const adminUsers = () => import('./routes/dashboard/admin-users-pages');
const adminStaff = () => import('./routes/dashboard/admin-staff-pages');
const adminInventory = () => import('./routes/dashboard/admin-inventory-pages');
const adminAudit = () => import('./routes/dashboard/admin-audit-pages');
const adminCompliance = () => import('./routes/dashboard/admin-compliance-pages');
const adminJobs = () => import('./routes/dashboard/admin-jobs-pages');
const adminMessages = () => import('./routes/dashboard/admin-messages-pages');
const adminCoupons = () => import('./routes/dashboard/admin-coupons-pages');
const adminReturns = () => import('./routes/dashboard/admin-returns-pages');
const adminDelivery = () => import('./routes/dashboard/admin-delivery-pages');
const adminMedicines = () => import('./routes/dashboard/admin-medicines-pages');
const adminInteractions = () => import('./routes/dashboard/admin-interactions-pages');
const stockAlerts = () => import('./routes/dashboard/stock-alerts-pages');
const refills = () => import('./routes/dashboard/refills-pages');
const rewards = () => import('./routes/dashboard/rewards-pages');
const prescriptionRecords = () => import('./routes/dashboard/prescription-records-pages');

const privacy = () => import('./routes/privacy-pages');
const d = paths.dashboard;

/** A dashboard path as this table matches it: below /dashboard, where the app's table sends it. */
function within(path: string): string {
  return path.slice(d.root.path.length + 1);
}

/**
 * The dashboard's routes (spec §2), matched below the app's `/dashboard/*` route (router.tsx).
 * They live in the dashboard's own chunk, so a shopper's page neither downloads nor ranks them.
 */
export const dashboardRoutes: RouteObject[] = [
  {
    element: page(dashboard, 'DashboardLayoutRoute'),
    children: [
      { index: true, element: page(dashboard, 'DashboardHomeRoute') },
      { path: within(d.profile.path), element: page(dashboard, 'ProfileRoute') },
      { path: within(d.security.path), element: page(dashboard, 'SecurityRoute') },
      { path: within(d.address.path), element: page(dashboard, 'AddressListRoute') },
      { path: within(d.addressAdd.path), element: page(dashboard, 'AddressAddRoute') },
      { path: within(d.addressEdit.path), element: page(dashboard, 'AddressEditRoute') },
      { path: within(d.orders.path), element: page(myOrders, 'OrdersRoute') },
      { path: within(d.stockAlerts.path), element: page(stockAlerts, 'StockAlertsRoute') },
      { path: within(d.refills.path), element: page(refills, 'RefillsRoute') },
      { path: within(d.privacy.path), element: page(privacy, 'PrivacyRoute') },
      { path: within(d.rewards.path), element: page(rewards, 'RewardsRoute') },
      { path: within(d.patients.path), element: page(prescriptionRecords, 'PatientsRoute') },
      {
        path: within(d.myPrescriptions.path),
        element: page(prescriptionRecords, 'MyPrescriptionsRoute'),
      },
      { path: within(d.ordersAll.path), element: page(adminOrders, 'AllOrdersRoute') },
      { path: within(d.ordersCustomer.path), element: page(adminOrders, 'CustomerOrdersRoute') },
      {
        path: within(d.manufacturers.path),
        element: page(adminCatalog, 'ManufacturersAdminRoute'),
      },
      { path: within(d.manufacturerAdd.path), element: page(adminCatalog, 'ManufacturerAddRoute') },
      {
        path: within(d.manufacturerEdit.path),
        element: page(adminCatalog, 'ManufacturerEditRoute'),
      },
      { path: within(d.divisions.path), element: page(adminCatalog, 'DivisionsAdminRoute') },
      { path: within(d.divisionAdd.path), element: page(adminCatalog, 'DivisionAddRoute') },
      { path: within(d.divisionEdit.path), element: page(adminCatalog, 'DivisionEditRoute') },
      {
        path: within(d.saltCompositions.path),
        element: page(adminCatalog, 'SaltCompositionsAdminRoute'),
      },
      {
        path: within(d.saltCompositionAdd.path),
        element: page(adminCatalog, 'SaltCompositionAddRoute'),
      },
      {
        path: within(d.saltCompositionEdit.path),
        element: page(adminCatalog, 'SaltCompositionEditRoute'),
      },
      {
        path: `${within(d.saltCompositionsAlias.path)}/*`,
        element: page(adminCatalog, 'SaltCompositionAliasRoute'),
      },
      { path: within(d.products.path), element: page(adminCatalog, 'ProductsAdminRoute') },
      { path: within(d.productAdd.path), element: page(adminCatalog, 'ProductAddRoute') },
      { path: within(d.productImport.path), element: page(adminCatalog, 'ProductImportRoute') },
      { path: within(d.productEdit.path), element: page(adminCatalog, 'ProductEditRoute') },
      { path: within(d.lowStock.path), element: page(adminInventory, 'LowStockRoute') },
      { path: within(d.nearExpiry.path), element: page(adminInventory, 'NearExpiryRoute') },
      { path: within(d.register.path), element: page(adminCompliance, 'H1RegisterRoute') },
      { path: within(d.users.path), element: page(adminUsers, 'UsersRoute') },
      { path: within(d.staff.path), element: page(adminStaff, 'StaffRoute') },
      { path: within(d.audit.path), element: page(adminAudit, 'AuditLogRoute') },
      { path: within(d.healthAccess.path), element: page(adminAudit, 'HealthAccessRoute') },
      { path: within(d.jobs.path), element: page(adminJobs, 'BackgroundJobsRoute') },
      { path: within(d.messages.path), element: page(adminMessages, 'ContactInboxRoute') },
      { path: within(d.coupons.path), element: page(adminCoupons, 'CouponsRoute') },
      { path: within(d.returns.path), element: page(adminReturns, 'ReturnsQueueRoute') },
      { path: within(d.returnRequest.path), element: page(adminReturns, 'ReturnRequestRoute') },
      { path: within(d.delivery.path), element: page(adminDelivery, 'DeliveryRoute') },
      { path: within(d.deliveryAreas.path), element: page(adminDelivery, 'DeliveryAreasRoute') },
      {
        path: within(d.deliveryCalendar.path),
        element: page(adminDelivery, 'DispatchCalendarRoute'),
      },
      { path: within(d.deliveryCouriers.path), element: page(adminDelivery, 'CouriersRoute') },
      { path: within(d.medicines.path), element: page(adminMedicines, 'MedicinesAdminRoute') },
      { path: within(d.medicineEdit.path), element: page(adminMedicines, 'MedicineEditRoute') },
      { path: within(d.interactions.path), element: page(adminInteractions, 'InteractionsRoute') },
      {
        path: within(d.prescriptions.path),
        element: page(
          () => import('./routes/dashboard/prescription-review-pages'),
          'PrescriptionReviewQueueRoute',
        ),
      },
    ],
  },
  // Spec §2: unknown paths under /dashboard go to the not-found page too, signed in or not.
  { path: '*', element: <NotFound /> },
];

export function DashboardRoutes() {
  return useRoutes(dashboardRoutes);
}
