import { CircleCheck, CircleX, Clock, FileText, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { formatLongDate, ORDER_STATUS, type Prescription } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useOrderPrescriptions } from '../api/get-order-prescriptions';
import { useReviewOrder } from '../api/get-review-order';
import { useReviewPrescription } from '../api/review-prescription';
import { PrescriptionFileCard } from './prescription-file-card';
import { RejectDialog } from './reject-dialog';

const reviewBadge: Record<
  Prescription['reviewStatus'],
  { label: string; className: string; Icon: typeof Clock }
> = {
  pending: { label: 'Pending review', className: 'bg-amber-100 text-amber-900', Icon: Clock },
  approved: { label: 'Approved', className: 'bg-green-100 text-green-900', Icon: CircleCheck },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-900', Icon: CircleX },
};

function ReviewBadge({ status }: { status: Prescription['reviewStatus'] }) {
  const { label, className, Icon } = reviewBadge[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}

/**
 * Pharmacist review (DECISIONS) on an order: its prescriptions, newest first, with the files, the
 * customer's comment and the review; for an order Waiting To Accept, 'Approve' and 'Reject' (with
 * a reason). The server allows a decision only at Waiting To Accept and records it in the history.
 */
export function PrescriptionReviewPanel({ orderId }: { orderId: number }) {
  const order = useReviewOrder(orderId);
  const canReview = order.data?.statusId === ORDER_STATUS.WAITING_TO_ACCEPT;
  const prescriptions = useOrderPrescriptions(orderId);
  const review = useReviewPrescription(orderId);
  const [rejecting, setRejecting] = useState(false);

  // Orders without prescription medicine have nothing to review.
  if (order.data && !order.data.hasPrescriptionItems) return null;

  let body;
  if (prescriptions.isPending) {
    body = (
      <LoadingRegion label="Loading prescriptions" className="flex flex-col gap-3">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-32 w-full" />
      </LoadingRegion>
    );
  } else if (prescriptions.isError) {
    body = (
      <div className="flex flex-col items-start gap-2">
        <p role="alert" className="text-sm text-red-800">
          The prescriptions could not be loaded.
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={() => void prescriptions.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  } else if (prescriptions.data.length === 0) {
    body = <p className="text-sm text-slate-600">No prescription uploaded yet.</p>;
  } else {
    body = (
      <ol className="flex flex-col gap-5">
        {prescriptions.data.map((prescription, index) => (
          <li
            key={prescription.id}
            aria-label={`Prescription uploaded ${formatLongDate(prescription.createdAt)}`}
            className={cn('flex flex-col gap-3', index > 0 && 'border-t border-slate-200 pt-5')}
          >
            <div className="flex flex-wrap items-center gap-2">
              <ReviewBadge status={prescription.reviewStatus} />
              <span className="text-sm text-slate-600">
                Uploaded {formatLongDate(prescription.createdAt)}
              </span>
            </div>
            <p className="text-sm text-slate-800">
              <span className="font-medium">Customer&apos;s comment:</span>{' '}
              {prescription.comment ?? <span className="text-slate-600">none</span>}
            </p>
            {prescription.reviewStatus !== 'pending' ? (
              <p className="text-sm text-slate-800">
                {prescription.reviewStatus === 'rejected' ? 'Rejected' : 'Approved'}
                {prescription.reviewedBy ? ` by ${prescription.reviewedBy}` : ''}
                {prescription.reviewedAt ? ` on ${formatLongDate(prescription.reviewedAt)}` : ''}
                {prescription.reviewReason ? `: ${prescription.reviewReason}` : ''}
              </p>
            ) : null}
            <ul aria-label="Files" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {prescription.files.map((file) => (
                <PrescriptionFileCard key={file.id} file={file} />
              ))}
            </ul>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <FileText aria-hidden="true" className="size-5 text-amber-700" />
          Prescriptions
        </h2>
        {canReview ? (
          <div className="flex flex-wrap gap-2">
            <Button
              icon={<CircleCheck aria-hidden="true" className="size-4" />}
              isPending={review.isPending && !rejecting}
              disabled={review.isPending || !prescriptions.data?.length}
              onClick={() => review.mutate({ decision: 'approve' })}
            >
              Approve
            </Button>
            <Button
              variant="secondary"
              icon={<CircleX aria-hidden="true" className="size-4" />}
              disabled={review.isPending || !prescriptions.data?.length}
              onClick={() => setRejecting(true)}
            >
              Reject
            </Button>
          </div>
        ) : null}
      </div>
      {body}
      <RejectDialog
        open={rejecting}
        isPending={review.isPending}
        onCancel={() => setRejecting(false)}
        onReject={(reason) =>
          review.mutate({ decision: 'reject', reason }, { onSuccess: () => setRejecting(false) })
        }
      />
    </Card>
  );
}
