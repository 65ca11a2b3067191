import { DocumentTitle } from '../../../components/ui/document-title';
import { ReviewQueue } from '../../../features/admin-orders/components/review-queue';
import { RequirePermission } from '../../components/require-permission';

/** The pharmacist's review queue (DECISIONS), admin only. */
export function PrescriptionReviewQueueRoute() {
  return (
    <RequirePermission permission="prescriptions.review">
      <DocumentTitle title="Prescription Reviews" />
      <ReviewQueue />
    </RequirePermission>
  );
}
