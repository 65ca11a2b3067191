import { ClipboardList, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { SavedPrescriptionSummary } from '../../../components/prescriptions/saved-prescription-summary';
import { paths } from '../../../config/paths';
import { useSavedPrescriptions } from '../api/get-saved-prescriptions';

/**
 * Issue 31 point 5 'My Prescriptions': each prescription a pharmacist approved and saved, with
 * its validity and what remains of each line; valid ones first, as the server orders them. A
 * later order of a medicine one covers can use it instead of a new upload.
 */
export function MyPrescriptions() {
  const saved = useSavedPrescriptions();

  let body;
  if (saved.isPending) {
    body = (
      <LoadingRegion label="Loading your prescriptions" className="flex flex-col gap-4">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </LoadingRegion>
    );
  } else if (saved.isError) {
    body = (
      <EmptyState
        icon={<ClipboardList className="size-8" />}
        title="Your prescriptions could not be loaded."
        action={
          <Button
            variant="secondary"
            onClick={() => void saved.refetch()}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Try again
          </Button>
        }
      />
    );
  } else if (saved.data.length === 0) {
    body = (
      <EmptyState icon={<ClipboardList className="size-8" />} title="No saved prescriptions yet.">
        When a pharmacist approves a prescription you upload with an order, it is saved here.
      </EmptyState>
    );
  } else {
    body = (
      <ul aria-label="Saved prescriptions" className="flex flex-col gap-4">
        {saved.data.map((prescription) => (
          <li key={prescription.id}>
            <Card className="p-4 sm:p-5">
              <SavedPrescriptionSummary prescription={prescription} headingLevel={2}>
                {prescription.orderId ? (
                  <p className="text-xs text-slate-600">
                    Approved with{' '}
                    <Link
                      to={paths.order.getHref(prescription.orderId)}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      order #{prescription.orderId}
                    </Link>
                  </p>
                ) : null}
              </SavedPrescriptionSummary>
            </Card>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="My Prescriptions"
        description="Prescriptions our pharmacist approved, with how long each is valid and what remains."
      />
      {body}
    </>
  );
}
