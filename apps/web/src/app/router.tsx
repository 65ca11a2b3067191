import type { RouteObject } from 'react-router';
import { AppErrorBoundary } from '../components/errors/app-error-boundary';
import { NotFound } from '../components/errors/not-found';
import { paths } from '../config/paths';
import { ACCOUNT_DELETED_PATH } from '../features/privacy/paths';
import { lazyPageElement } from './lazy-page';
import { RootRoute } from './routes/root';

/**
 * Every route of spec §2 and the DECISIONS aliases, rendered by useRoutes under <BrowserRouter>
 * (app/index.tsx; tests use a memory router with the same routes). Pages are lazy so a shopper
 * downloads only the page in front of them; the dashboard is its own set of chunks.
 */
const page = lazyPageElement;

const shopper = () => import('./routes/shopper-pages');
const orders = () => import('./routes/order-pages');
const dashboardRoutes = () => import('./dashboard-routes');
const adminInventory = () => import('./routes/dashboard/admin-inventory-pages');
const adminDelivery = () => import('./routes/dashboard/admin-delivery-pages');
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
      // The dashboard's routes are matched by its own chunk (dashboard-routes.tsx): a shopper's
      // page then ranks and matches a third as many routes while it hydrates (TBT, issue 30).
      { path: `${d.root.path}/*`, element: page(dashboardRoutes, 'DashboardRoutes') },
      {
        path: `${paths.adminInventoryAlias.path}/*`,
        element: page(adminInventory, 'AdminInventoryAliasRoute'),
      },
      {
        path: `${paths.adminDeliveryAlias.path}/*`,
        element: page(adminDelivery, 'AdminDeliveryAliasRoute'),
      },
      { path: paths.notFound.path, element: <NotFound /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
