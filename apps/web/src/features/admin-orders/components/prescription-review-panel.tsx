import { CircleCheck, CircleX, Clock, FileText, RefreshCw, UserRoundPen } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  formatLongDate,
  ORDER_STATUS,
  normaliseStrength,
  SAVED_PRESCRIPTION_STATUS_LABELS,
  type Prescription,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useOrderPrescriptions } from '../api/get-order-prescriptions';
import { useReviewOrder } from '../api/get-review-order';
import { useReviewPrescription } from '../api/review-prescription';
import { PrescriptionFileCard } from './prescription-file-card';
import { RejectDialog } from './reject-dialog';
import { RecordedOverrides, ReviewInteractions } from './review-interactions';
import { OrderLines, PatientSummary } from './review-order-lines';
import { TranscriptionColumn } from './transcription-column';

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
      {prescription.savedPrescription ? (
        <SavedPrescriptionLines saved={prescription.savedPrescription} />
      ) : null}
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

/** The transcription as saved: validity and, per line, what was prescribed and what remains. */
function SavedPrescriptionLines({
  saved,
}: {
  saved: NonNullable<Prescription['savedPrescription']>;
}) {
  return (
    <div className="flex flex-col gap-1">
      <p>
        {SAVED_PRESCRIPTION_STATUS_LABELS[saved.status]}: issued {formatLongDate(saved.issuedOn)},
        valid until {formatLongDate(saved.validUntil)}
        {saved.scheduleH1 ? ' (Schedule H1)' : ''}; prescriber{' '}
        {withNumber(saved.prescriber.name, saved.prescriber.registrationNumber)},{' '}
        {saved.prescriber.qualification}, {saved.prescriber.council}.
      </p>
      <ul aria-label="Prescribed lines" className="flex flex-col gap-0.5">
        {saved.lines.map((line) => (
          <li key={line.id}>
            <span className="font-medium">
              {line.medicineName}
              {line.strength &&
              !normaliseStrength(line.medicineName).includes(normaliseStrength(line.strength))
                ? ` ${line.strength}`
                : ''}
            </span>
            : {line.dose}, {line.frequency}, {line.durationDays} days — {line.remainingUnits} of{' '}
            {line.prescribedUnits} units remain
          </li>
        ))}
      </ul>
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
 * Pharmacist review (DECISIONS, issue 16; issue 31) on an order: its prescriptions, newest first,
 * with the files, the customer's comment and the review, beside the transcription form while the
 * order is Waiting To Accept (side by side on wide screens, stacked on phones); then the order's
 * lines (prescription lines marked, duplicate therapies flagged), the patient, the interactions
 * found and the overrides recorded. 'Reject' asks for a reason; an admin without a pharmacist
 * registration number is sent to their profile instead. The server allows a decision only at
 * Waiting To Accept and records it in the history.
 */
export function PrescriptionReviewPanel({ orderId }: { orderId: number }) {
  const detail = useReviewOrder(orderId);
  const order = detail.data?.order;
  const canReview = order?.statusId === ORDER_STATUS.WAITING_TO_ACCEPT;
  const prescriptions = useOrderPrescriptions(orderId);
  const review = useReviewPrescription(orderId);
  const { profile } = useAuth();
  const registered = Boolean(profile?.pharmacistRegistrationNumber);
  const [rejecting, setRejecting] = useState(false);
  const filesHeadingId = useId();
  const formHeadingId = useId();
  const linesHeadingId = useId();

  // Orders without prescription medicine have nothing to review.
  if (order && !order.hasPrescriptionItems) return null;

  const nothingToReview = review.isPending || !prescriptions.data?.length;
  const transcribing = canReview && registered && Boolean(prescriptions.data?.length);

  let details;
  if (detail.isPending) {
    details = (
      <LoadingRegion label="Loading order lines" className="flex flex-col gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </LoadingRegion>
    );
  } else if (detail.isError) {
    details = (
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
    details = (
      <div className="flex flex-col gap-5">
        <OrderLines lines={detail.data.orderDetails} dispensing={detail.data.dispensing} />
        <PatientSummary detail={detail.data} />
        <section aria-label="Interactions" className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold text-slate-900">Interactions</h4>
          <ReviewInteractions findings={detail.data.interactions ?? []} />
        </section>
        <RecordedOverrides overrides={detail.data.dispensing.interactionOverrides ?? []} />
      </div>
    );
  }

  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <FileText aria-hidden="true" className="size-5 text-amber-700" />
          Prescriptions
        </h2>
        {canReview && registered ? (
          <Button
            variant="secondary"
            icon={<CircleX aria-hidden="true" className="size-4" />}
            disabled={nothingToReview}
            onClick={() => setRejecting(true)}
          >
            Reject
          </Button>
        ) : null}
      </div>
      {canReview && !registered ? <PharmacistNumberNote /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby={filesHeadingId} className="min-w-0">
          <h3 id={filesHeadingId} className="mb-3 text-base font-semibold text-slate-900">
            Prescription files
          </h3>
          <PrescriptionList orderId={orderId} />
        </section>
        <div className="flex min-w-0 flex-col gap-6 border-t border-slate-200 pt-5 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-6">
          {transcribing && detail.data ? (
            <section aria-labelledby={formHeadingId}>
              <h3 id={formHeadingId} className="mb-3 text-base font-semibold text-slate-900">
                Transcription
              </h3>
              <TranscriptionColumn
                detail={detail.data}
                pending={(prescriptions.data ?? []).filter((row) => row.reviewStatus === 'pending')}
                review={review}
              />
            </section>
          ) : null}
          <section aria-labelledby={linesHeadingId}>
            <h3 id={linesHeadingId} className="mb-3 text-base font-semibold text-slate-900">
              Order lines
            </h3>
            {details}
          </section>
        </div>
      </div>
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
