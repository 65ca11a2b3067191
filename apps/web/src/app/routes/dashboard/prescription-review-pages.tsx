import { DocumentTitle } from '../../../components/ui/document-title';
import { ReviewQueue } from '../../../features/admin-orders/components/review-queue';
import { RequireAdmin } from '../../components/require-admin';

/** The pharmacist's review queue (DECISIONS), admin only. */
export function PrescriptionReviewQueueRoute() {
  return (
    <RequireAdmin>
      <DocumentTitle title="Prescription Reviews" />
      <ReviewQueue />
    </RequireAdmin>
  );
}
