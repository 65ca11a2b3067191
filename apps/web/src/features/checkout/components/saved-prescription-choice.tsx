import { CircleAlert, ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import type { SavedPrescription } from '@pharmacy/shared';
import { SavedPrescriptionSummary } from '../../../components/prescriptions/saved-prescription-summary';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { useApplySavedPrescription } from '../api/apply-saved-prescription';

/**
 * Issue 31 point 3 'Use a saved prescription': the member's valid saved prescriptions that cover
 * every prescription line of this order (the server chose them), each with its patient, doctor,
 * validity and remaining units. Using one moves the order on without an upload; when the server
 * refuses (expired meanwhile, units taken by another order) its sentence is shown here as it came.
 */
export function SavedPrescriptionChoice({
  orderId,
  prescriptions,
}: {
  orderId: number;
  prescriptions: readonly SavedPrescription[];
}) {
  const apply = useApplySavedPrescription(orderId);
  const [chosenId, setChosenId] = useState<number | null>(null);

  return (
    <section aria-labelledby="saved-prescriptions-heading" className="mb-6">
      <h3
        id="saved-prescriptions-heading"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <ClipboardCheck aria-hidden="true" className="size-5 text-brand-700" />
        Use a saved prescription
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {prescriptions.length === 1
          ? 'This prescription, approved by our pharmacist, covers every medicine of this order.'
          : 'Each of these prescriptions, approved by our pharmacist, covers every medicine of this order.'}{' '}
        The units of this order are counted against it.
      </p>
      {apply.isError ? (
        <p
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {getErrorMessage(apply.error)}
        </p>
      ) : null}
      <ul aria-label="Saved prescriptions for this order" className="mt-4 flex flex-col gap-3">
        {prescriptions.map((prescription) => (
          <li key={prescription.id} className="rounded-lg border border-slate-200 p-3 sm:p-4">
            <SavedPrescriptionSummary prescription={prescription} headingLevel={4}>
              <div>
                <Button
                  onClick={() => {
                    if (apply.isPending) return;
                    setChosenId(prescription.id);
                    apply.mutate(prescription.id);
                  }}
                  disabled={apply.isPending && chosenId !== prescription.id}
                  isPending={apply.isPending && chosenId === prescription.id}
                  pendingText="Using it..."
                  aria-label={`Use this prescription (for ${prescription.patient.name}, by ${prescription.prescriber.name})`}
                >
                  Use this prescription
                </Button>
              </div>
            </SavedPrescriptionSummary>
          </li>
        ))}
      </ul>
    </section>
  );
}
