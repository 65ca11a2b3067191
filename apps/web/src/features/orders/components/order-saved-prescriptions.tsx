import { ClipboardList, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import type { SavedPrescription } from '@pharmacy/shared';
import { SavedPrescriptionSummary } from '../../../components/prescriptions/saved-prescription-summary';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useOrderPrescriptions } from '../api/get-order-prescriptions';

/**
 * Issue 31 point 5: on the customer's order page, the saved prescription the order used (or the
 * one its upload was transcribed into), with its validity and what remains of each line. Nothing
 * shows until a pharmacist has transcribed one: an upload waiting for review has no lines yet.
 */
export function OrderSavedPrescriptions({ orderId }: { orderId: number }) {
  const query = useOrderPrescriptions(orderId, true);

  if (query.isPending) {
    return (
      <LoadingRegion label="Loading the order's prescription">
        <Skeleton className="h-40 w-full" />
      </LoadingRegion>
    );
  }
  if (query.isError) {
    return (
      <Card className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
        <p className="text-slate-800">This order&apos;s prescription could not be loaded.</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void query.refetch()}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
        >
          Try again
        </Button>
      </Card>
    );
  }

  // One card per saved prescription, however many uploads point at it.
  const saved = new Map<number, SavedPrescription>();
  for (const prescription of query.data) {
    if (prescription.savedPrescription) {
      saved.set(prescription.savedPrescription.id, prescription.savedPrescription);
    }
  }
  if (saved.size === 0) return null;

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ClipboardList aria-hidden="true" className="size-5 text-brand-700" />
        Prescription
      </h2>
      <ul aria-label="Prescriptions of this order" className="flex flex-col gap-4">
        {[...saved.values()].map((prescription) => (
          <li key={prescription.id}>
            <SavedPrescriptionSummary prescription={prescription} headingLevel={3} />
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <Link
          to={paths.dashboard.myPrescriptions.getHref()}
          className="font-medium text-brand-700 hover:underline"
        >
          All my prescriptions
        </Link>
      </p>
    </Card>
  );
}
