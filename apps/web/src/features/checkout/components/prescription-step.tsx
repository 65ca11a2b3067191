import { FileText, FileWarning, Info } from 'lucide-react';
import { Link } from 'react-router';
import { formatLongDate } from '@pharmacy/shared';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useOrderSavedPrescriptions } from '../api/get-order-saved-prescriptions';
import { latestPrescription, usePrescriptions } from '../api/get-prescriptions';
import { useSavedPrescriptions } from '../api/get-saved-prescriptions';
import { PrescriptionUpload } from './prescription-upload';
import { SavedPrescriptionChoice } from './saved-prescription-choice';
import { StepHeading } from './step-panel';

/**
 * Spec §2 Collecting Prescription: the upload widget. When the pharmacist rejected the latest
 * upload (DECISIONS), the reason is shown first, so the customer knows what to send again. When
 * saved prescriptions cover the order (issue 31), 'Use a saved prescription' comes before the
 * upload, which stays offered for a newer prescription. If the saved ones cannot be read, the
 * upload alone is shown: it always works.
 */
export function PrescriptionStep({ orderId }: { orderId: number }) {
  const prescriptions = usePrescriptions(orderId, true);
  const saved = useOrderSavedPrescriptions(orderId);
  const savedOnes = saved.data ?? [];
  // Only when none covers this order: does the member have saved ones that no longer fit?
  const allSaved = useSavedPrescriptions(saved.isSuccess && savedOnes.length === 0);
  const noneFit = saved.isSuccess && savedOnes.length === 0 && (allSaved.data?.length ?? 0) > 0;
  const latest = prescriptions.data ? latestPrescription(prescriptions.data) : null;
  const rejected = latest?.reviewStatus === 'rejected' ? latest : null;

  return (
    <>
      <StepHeading
        icon={<FileText className="size-5" />}
        title="Prescription"
        description="This order contains prescription medicines. A pharmacist checks your prescription before we pack them."
      />
      {rejected ? (
        <section
          aria-labelledby="rejected-heading"
          className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4"
        >
          <h3
            id="rejected-heading"
            className="flex items-center gap-2 text-base font-semibold text-red-800"
          >
            <FileWarning aria-hidden="true" className="size-5" />
            Your prescription was not accepted
          </h3>
          <p className="mt-2 text-sm text-slate-900">
            <span className="font-semibold">Pharmacist&apos;s reason:</span>{' '}
            {rejected.reviewReason ?? 'No reason was given.'}
          </p>
          {rejected.reviewedAt ? (
            <p className="mt-1 text-xs text-slate-700">
              Reviewed on {formatLongDate(rejected.reviewedAt)}
              {rejected.reviewedBy ? ` by ${rejected.reviewedBy}` : ''}.
            </p>
          ) : null}
          <p className="mt-2 text-sm text-slate-800">
            Please upload a new prescription below. You will not be charged again.
          </p>
        </section>
      ) : (
        <p className="mb-5 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>Prescription required.</strong>{' '}
            {savedOnes.length > 0
              ? 'Use a saved prescription or upload your doctor’s prescription to continue.'
              : 'Upload your doctor’s prescription to continue.'}
          </span>
        </p>
      )}
      {saved.isPending ? (
        <Skeleton className="mb-6 h-32 w-full" />
      ) : savedOnes.length > 0 ? (
        <>
          <SavedPrescriptionChoice orderId={orderId} prescriptions={savedOnes} />
          <p className="mb-4 border-t border-slate-200 pt-4 text-sm font-medium text-slate-700">
            Or upload a new prescription:
          </p>
        </>
      ) : noneFit ? (
        <p className="mb-5 flex items-start gap-2 text-sm text-slate-700">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            None of your saved prescriptions covers this order: each must still be valid, name these
            medicines and have enough units left. See{' '}
            <Link
              to={paths.dashboard.myPrescriptions.getHref()}
              className="font-medium text-brand-700 hover:underline"
            >
              My Prescriptions
            </Link>
            .
          </span>
        </p>
      ) : null}
      <PrescriptionUpload orderId={orderId} />
    </>
  );
}
