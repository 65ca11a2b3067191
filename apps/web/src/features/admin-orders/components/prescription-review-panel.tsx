import {
  CircleCheck,
  CircleX,
  Clock,
  FileText,
  RefreshCw,
  TriangleAlert,
  UserRoundPen,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  formatLongDate,
  ORDER_STATUS,
  type OrderDetailLine,
  type OrderDispensing,
  type Prescription,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PrescriptionRequiredTag } from '../../../components/ui/prescription-tag';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useOrderPrescriptions } from '../api/get-order-prescriptions';
import { useReviewOrder } from '../api/get-review-order';
import { useReviewPrescription } from '../api/review-prescription';
import { ApproveDialog } from './approve-dialog';
import { PrescriptionFileCard } from './prescription-file-card';
import { RejectDialog } from './reject-dialog';

/** The server's 403 sentence (issue 16), shown before the admin tries. */
export const PHARMACIST_NUMBER_NEEDED =
  'Only a registered pharmacist can approve or reject a prescription. Add your pharmacist registration number to your profile first.';

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

const withNumber = (name: string, number: string | null) =>
  number ? `${name} (Reg. no ${number})` : name;

/** Who decided, when, and on approval what the pharmacist read from the prescription. */
function ReviewRecord({ prescription }: { prescription: Prescription }) {
  if (prescription.reviewStatus === 'pending') return null;
  const by = prescription.reviewedBy
    ? ` by ${withNumber(prescription.reviewedBy, prescription.reviewerRegistrationNumber)}`
    : '';
  const on = prescription.reviewedAt ? ` on ${formatLongDate(prescription.reviewedAt)}` : '';
  if (prescription.reviewStatus === 'rejected') {
    return (
      <p className="text-sm text-slate-800">
        Rejected{by}
        {on}
        {prescription.reviewReason ? `: ${prescription.reviewReason}` : ''}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-800">
      <p>
        Approved{by}
        {on}
      </p>
      {prescription.prescriberName || prescription.patientName ? (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          {prescription.prescriberName ? (
            <>
              <dt className="text-slate-600">Prescriber</dt>
              <dd className="font-medium">
                {withNumber(prescription.prescriberName, prescription.prescriberRegistrationNumber)}
              </dd>
            </>
          ) : null}
          {prescription.patientName ? (
            <>
              <dt className="text-slate-600">Patient</dt>
              <dd className="font-medium">{prescription.patientName}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}

function PrescriptionList({ orderId }: { orderId: number }) {
  const prescriptions = useOrderPrescriptions(orderId);
  if (prescriptions.isPending) {
    return (
      <LoadingRegion label="Loading prescriptions" className="flex flex-col gap-3">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-32 w-full" />
      </LoadingRegion>
    );
  }
  if (prescriptions.isError) {
    return (
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
  }
  if (prescriptions.data.length === 0) {
    return <p className="text-sm text-slate-600">No prescription uploaded yet.</p>;
  }
  return (
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
          <ReviewRecord prescription={prescription} />
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

/** The duplicate therapies a line is part of (by product, or by name once the product is gone). */
export function lineDuplicates(
  line: Pick<OrderDetailLine, 'product' | 'productName'>,
  duplicates: OrderDispensing['duplicateTherapies'],
) {
  return duplicates.filter((duplicate) =>
    line.product
      ? duplicate.productIds.includes(line.product.id)
      : duplicate.productNames.includes(line.productName),
  );
}

function OrderLines({
  lines,
  dispensing,
}: {
  lines: OrderDetailLine[];
  dispensing: OrderDispensing;
}) {
  return (
    <ul aria-label="Order lines" className="-my-3 divide-y divide-slate-200">
      {lines.map((line) => {
        const duplicates = lineDuplicates(line, dispensing.duplicateTherapies);
        return (
          <li key={line.id} className="flex flex-col gap-1.5 py-3">
            <p className="flex justify-between gap-3 text-sm">
              <span className="min-w-0 font-medium text-slate-900">
                {line.product?.name ?? line.productName}
              </span>
              <span className="shrink-0 text-slate-700">
                × {line.quantity}
                <span className="sr-only">{line.quantity === 1 ? ' unit' : ' units'}</span>
              </span>
            </p>
            {line.prescription ? <PrescriptionRequiredTag /> : null}
            {duplicates.map((duplicate) => (
              <p
                key={duplicate.saltCompositionId}
                className="flex gap-1.5 rounded-md bg-amber-50 p-2 text-xs text-amber-950 ring-1 ring-amber-300"
              >
                <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
                <span>
                  <span className="font-semibold">Duplicate therapy: </span>
                  {duplicate.message}
                </span>
              </p>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

function PharmacistNumberNote() {
  return (
    <div
      role="note"
      className="mb-5 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex gap-2">
        <UserRoundPen aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
        {PHARMACIST_NUMBER_NEEDED}
      </p>
      <Link
        to={paths.dashboard.root.getHref()}
        className="shrink-0 rounded font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Add it to your profile
      </Link>
    </div>
  );
}

/**
 * Pharmacist review (DECISIONS, issue 16) on an order: its prescriptions, newest first, with the
 * files, the customer's comment and the review, beside the order's lines (side by side on wide
 * screens, stacked on phones) with the lines that need a prescription marked and duplicate
 * therapies flagged. For an order Waiting To Accept, 'Approve' asks for the prescriber's name and
 * registration number and the patient's name, 'Reject' for a reason; an admin without a
 * pharmacist registration number is sent to their profile instead. The server allows a decision
 * only at Waiting To Accept and records it in the history.
 */
export function PrescriptionReviewPanel({ orderId }: { orderId: number }) {
  const detail = useReviewOrder(orderId);
  const order = detail.data?.order;
  const canReview = order?.statusId === ORDER_STATUS.WAITING_TO_ACCEPT;
  const prescriptions = useOrderPrescriptions(orderId);
  const review = useReviewPrescription(orderId);
  const { profile } = useAuth();
  const registered = Boolean(profile?.pharmacistRegistrationNumber);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const filesHeadingId = useId();
  const linesHeadingId = useId();

  // Orders without prescription medicine have nothing to review.
  if (order && !order.hasPrescriptionItems) return null;

  const nothingToReview = review.isPending || !prescriptions.data?.length;

  let lines;
  if (detail.isPending) {
    lines = (
      <LoadingRegion label="Loading order lines" className="flex flex-col gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </LoadingRegion>
    );
  } else if (detail.isError) {
    lines = (
      <div className="flex flex-col items-start gap-2">
        <p role="alert" className="text-sm text-red-800">
          The order lines could not be loaded.
        </p>
        <Button
          variant="secondary"
          size="sm"
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={() => void detail.refetch()}
        >
          Try again
        </Button>
      </div>
    );
  } else {
    lines = <OrderLines lines={detail.data.orderDetails} dispensing={detail.data.dispensing} />;
  }

  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <FileText aria-hidden="true" className="size-5 text-amber-700" />
          Prescriptions
        </h2>
        {canReview && registered ? (
          <div className="flex flex-wrap gap-2">
            <Button
              icon={<CircleCheck aria-hidden="true" className="size-4" />}
              disabled={nothingToReview}
              onClick={() => setDialog('approve')}
            >
              Approve
            </Button>
            <Button
              variant="secondary"
              icon={<CircleX aria-hidden="true" className="size-4" />}
              disabled={nothingToReview}
              onClick={() => setDialog('reject')}
            >
              Reject
            </Button>
          </div>
        ) : null}
      </div>
      {canReview && !registered ? <PharmacistNumberNote /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby={filesHeadingId} className="min-w-0">
          <h3 id={filesHeadingId} className="mb-3 text-base font-semibold text-slate-900">
            Prescription files
          </h3>
          <PrescriptionList orderId={orderId} />
        </section>
        <section
          aria-labelledby={linesHeadingId}
          className="min-w-0 border-t border-slate-200 pt-5 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-6"
        >
          <h3 id={linesHeadingId} className="mb-3 text-base font-semibold text-slate-900">
            Order lines
          </h3>
          {lines}
        </section>
      </div>
      <ApproveDialog
        open={dialog === 'approve'}
        isPending={review.isPending}
        onCancel={() => setDialog(null)}
        onApprove={(input) => review.mutate(input, { onSuccess: () => setDialog(null) })}
      />
      <RejectDialog
        open={dialog === 'reject'}
        isPending={review.isPending}
        onCancel={() => setDialog(null)}
        onReject={(reason) =>
          review.mutate({ decision: 'reject', reason }, { onSuccess: () => setDialog(null) })
        }
      />
    </Card>
  );
}
