import { DocumentTitle } from '../../../components/ui/document-title';
import { CouponsPage } from '../../../features/admin-coupons/components/coupons-page';
import { RequireAdmin } from '../../components/require-admin';

/** Issue 19: coupon codes (admin only). */
export const CouponsRoute = () => (
  <RequireAdmin>
    <DocumentTitle title="Coupons" />
    <CouponsPage />
  </RequireAdmin>
);
