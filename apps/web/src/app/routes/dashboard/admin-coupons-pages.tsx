import { DocumentTitle } from '../../../components/ui/document-title';
import { CouponsPage } from '../../../features/admin-coupons/components/coupons-page';
import { RequirePermission } from '../../components/require-permission';

/** Issue 19: coupon codes (admin only). */
export const CouponsRoute = () => (
  <RequirePermission permission="coupons.manage">
    <DocumentTitle title="Coupons" />
    <CouponsPage />
  </RequirePermission>
);
