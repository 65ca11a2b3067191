import type { RouteObject } from 'react-router';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { NotFound } from '../components/errors/not-found';
import { paths } from '../config/paths';
import { ACCOUNT_DELETED_PATH } from '../features/privacy/paths';
import { lazyPage } from './lazy-page';
import { RootRoute } from './routes/root';

/**
 * Every route of spec §2 and the DECISIONS aliases, rendered by useRoutes under <BrowserRouter>
 * (app/index.tsx; tests use a memory router with the same routes). Pages are lazy so a shopper
 * downloads only the page in front of them; the dashboard is its own set of chunks.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const Page = lazyPage(load, name);
  return <Page />;
}

const shopper = () => import('./routes/shopper-pages');
const orders = () => import('./routes/order-pages');
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
const refillLinks = () => import('./routes/refill-pages');
const privacy = () => import('./routes/privacy-pages');

const d = paths.dashboard;

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <AppErrorBoundary>
        <RootRoute />
      </AppErrorBoundary>
    ),
    children: [
      { index: true, element: page(() => import('./routes/home'), 'HomeRoute') },
      { path: paths.shop.path, element: page(() => import('./routes/shop'), 'ShopRoute') },
      { path: paths.shopBrand.path, element: page(() => import('./routes/shop'), 'ShopRoute') },
      { path: paths.product.path, element: page(() => import('./routes/product'), 'ProductRoute') },
      { path: paths.login.path, element: page(() => import('./routes/auth'), 'AuthRoute') },
      { path: paths.auth.path, element: page(() => import('./routes/auth'), 'AuthRoute') },
      {
        path: paths.forgotPassword.path,
        element: page(() => import('./routes/auth'), 'ForgotPasswordRoute'),
      },
      {
        path: paths.resetPassword.path,
        element: page(() => import('./routes/auth'), 'ResetPasswordRoute'),
      },
      {
        path: paths.acceptInvitation.path,
        element: page(() => import('./routes/accept-invitation'), 'AcceptInvitationRoute'),
      },
      { path: paths.contact.path, element: page(() => import('./routes/contact'), 'ContactRoute') },
      { path: paths.about.path, element: page(shopper, 'AboutRoute') },
      { path: paths.faq.path, element: page(shopper, 'FaqRoute') },
      { path: paths.divisions.path, element: page(shopper, 'DivisionsRoute') },
      { path: paths.manufacturers.path, element: page(shopper, 'ManufacturersRoute') },
      { path: paths.saltCompositions.path, element: page(shopper, 'SaltCompositionsRoute') },
      {
        path: paths.medicine.path,
        element: page(() => import('./routes/medicine'), 'MedicineRoute'),
      },
      { path: paths.order.path, element: page(orders, 'OrderDetailRoute') },
      {
        path: paths.orderProcess.path,
        element: page(() => import('./routes/order-process'), 'OrderProcessRoute'),
      },
      { path: paths.refill.path, element: page(refillLinks, 'RefillRoute') },
      { path: paths.unsubscribe.path, element: page(refillLinks, 'UnsubscribeRoute') },
      { path: ACCOUNT_DELETED_PATH, element: page(privacy, 'AccountDeletedRoute') },
      {
        path: paths.orderSuccess.path,
        element: page(() => import('./routes/order-process'), 'OrderSuccessRoute'),
      },
      {
        path: d.root.path,
        element: page(dashboard, 'DashboardLayoutRoute'),
        children: [
          { index: true, element: page(dashboard, 'DashboardHomeRoute') },
          { path: d.profile.path, element: page(dashboard, 'ProfileRoute') },
          { path: d.security.path, element: page(dashboard, 'SecurityRoute') },
          { path: d.address.path, element: page(dashboard, 'AddressListRoute') },
          { path: d.addressAdd.path, element: page(dashboard, 'AddressAddRoute') },
          { path: d.addressEdit.path, element: page(dashboard, 'AddressEditRoute') },
          { path: d.orders.path, element: page(myOrders, 'OrdersRoute') },
          { path: d.stockAlerts.path, element: page(stockAlerts, 'StockAlertsRoute') },
          { path: d.refills.path, element: page(refills, 'RefillsRoute') },
          { path: d.privacy.path, element: page(privacy, 'PrivacyRoute') },
          { path: d.rewards.path, element: page(rewards, 'RewardsRoute') },
          { path: d.patients.path, element: page(prescriptionRecords, 'PatientsRoute') },
          {
            path: d.myPrescriptions.path,
            element: page(prescriptionRecords, 'MyPrescriptionsRoute'),
          },
          { path: d.ordersAll.path, element: page(adminOrders, 'AllOrdersRoute') },
          { path: d.ordersCustomer.path, element: page(adminOrders, 'CustomerOrdersRoute') },
          { path: d.manufacturers.path, element: page(adminCatalog, 'ManufacturersAdminRoute') },
          { path: d.manufacturerAdd.path, element: page(adminCatalog, 'ManufacturerAddRoute') },
          { path: d.manufacturerEdit.path, element: page(adminCatalog, 'ManufacturerEditRoute') },
          { path: d.divisions.path, element: page(adminCatalog, 'DivisionsAdminRoute') },
          { path: d.divisionAdd.path, element: page(adminCatalog, 'DivisionAddRoute') },
          { path: d.divisionEdit.path, element: page(adminCatalog, 'DivisionEditRoute') },
          {
            path: d.saltCompositions.path,
            element: page(adminCatalog, 'SaltCompositionsAdminRoute'),
          },
          {
            path: d.saltCompositionAdd.path,
            element: page(adminCatalog, 'SaltCompositionAddRoute'),
          },
          {
            path: d.saltCompositionEdit.path,
            element: page(adminCatalog, 'SaltCompositionEditRoute'),
          },
          {
            path: `${d.saltCompositionsAlias.path}/*`,
            element: page(adminCatalog, 'SaltCompositionAliasRoute'),
          },
          { path: d.products.path, element: page(adminCatalog, 'ProductsAdminRoute') },
          { path: d.productAdd.path, element: page(adminCatalog, 'ProductAddRoute') },
          { path: d.productImport.path, element: page(adminCatalog, 'ProductImportRoute') },
          { path: d.productEdit.path, element: page(adminCatalog, 'ProductEditRoute') },
          { path: d.lowStock.path, element: page(adminInventory, 'LowStockRoute') },
          { path: d.nearExpiry.path, element: page(adminInventory, 'NearExpiryRoute') },
          { path: d.register.path, element: page(adminCompliance, 'H1RegisterRoute') },
          { path: d.users.path, element: page(adminUsers, 'UsersRoute') },
          { path: d.staff.path, element: page(adminStaff, 'StaffRoute') },
          { path: d.audit.path, element: page(adminAudit, 'AuditLogRoute') },
          { path: d.healthAccess.path, element: page(adminAudit, 'HealthAccessRoute') },
          { path: d.jobs.path, element: page(adminJobs, 'BackgroundJobsRoute') },
          { path: d.messages.path, element: page(adminMessages, 'ContactInboxRoute') },
          { path: d.coupons.path, element: page(adminCoupons, 'CouponsRoute') },
          { path: d.returns.path, element: page(adminReturns, 'ReturnsQueueRoute') },
          { path: d.returnRequest.path, element: page(adminReturns, 'ReturnRequestRoute') },
          { path: d.delivery.path, element: page(adminDelivery, 'DeliveryRoute') },
          { path: d.deliveryAreas.path, element: page(adminDelivery, 'DeliveryAreasRoute') },
          { path: d.deliveryCalendar.path, element: page(adminDelivery, 'DispatchCalendarRoute') },
          { path: d.deliveryCouriers.path, element: page(adminDelivery, 'CouriersRoute') },
          { path: d.medicines.path, element: page(adminMedicines, 'MedicinesAdminRoute') },
          { path: d.medicineEdit.path, element: page(adminMedicines, 'MedicineEditRoute') },
          { path: d.interactions.path, element: page(adminInteractions, 'InteractionsRoute') },
          {
            path: d.prescriptions.path,
            element: page(
              () => import('./routes/dashboard/prescription-review-pages'),
              'PrescriptionReviewQueueRoute',
            ),
          },
        ],
      },
      {
        path: `${paths.adminInventoryAlias.path}/*`,
        element: page(adminInventory, 'AdminInventoryAliasRoute'),
      },
      {
        path: `${paths.adminDeliveryAlias.path}/*`,
        element: page(adminDelivery, 'AdminDeliveryAliasRoute'),
      },
      // Spec §2: unknown paths under /dashboard go to the not-found page too, signed in or not.
      { path: `${d.root.path}/*`, element: <NotFound /> },
      { path: paths.notFound.path, element: <NotFound /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
