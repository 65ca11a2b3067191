import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  INTERACTION_OVERRIDE_LIMITS,
  SAVED_PRESCRIPTION_STATUS_LABELS,
  formatLongDate,
  interactionOverrideReasonSchema,
  type SavedPrescription,
} from '@pharmacy/shared';
import { ApproveControls } from './approve-controls';

/**
 * Issue 31 point 3: an order that uses a saved prescription is approved without a new
 * transcription (the server counts its units on the saved lines); the pharmacist reads the saved
 * one here, and gives the override reason when a major interaction or an allergy asks for it.
 */
export function SavedApproval({
  saved,
  needsOverride,
  isPending,
  serverError,
  onApprove,
}: {
  saved: SavedPrescription;
  needsOverride: boolean;
  isPending: boolean;
  serverError: string | null;
  onApprove: (overrideReason: string | undefined) => void;
}) {
  const resolver = useMemo(
    () =>
      zodResolver(
        z.object({
          overrideReason: needsOverride
            ? interactionOverrideReasonSchema
            : z.string().transform((): undefined => undefined),
        }),
      ),
    [needsOverride],
  );
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<{ overrideReason: string }, unknown, { overrideReason: string | undefined }>({
    resolver,
    defaultValues: { overrideReason: '' },
  });
  const reasonMissing =
    needsOverride && watch('overrideReason').trim().length < INTERACTION_OVERRIDE_LIMITS.reasonMin;

  return (
    <form
      aria-label="Approve with the saved prescription"
      noValidate
      className="flex flex-col gap-3 text-sm text-slate-800"
      onSubmit={(event) =>
        void handleSubmit(({ overrideReason }) => onApprove(overrideReason))(event)
      }
    >
      <p>
        The customer chose a saved prescription ({SAVED_PRESCRIPTION_STATUS_LABELS[saved.status]}):
        for {saved.patient.name}, by {saved.prescriber.name} (Reg. no{' '}
        {saved.prescriber.registrationNumber}), issued {formatLongDate(saved.issuedOn)}, valid until{' '}
        {formatLongDate(saved.validUntil)}.
      </p>
      <ul aria-label="Saved prescription lines" className="flex flex-col gap-1">
        {saved.lines.map((line) => (
          <li key={line.id}>
            <span className="font-medium">{line.medicineName}</span>: {line.remainingUnits} of{' '}
            {line.prescribedUnits} units remain
          </li>
        ))}
      </ul>
      <ApproveControls
        needsOverride={needsOverride}
        reasonField={register('overrideReason')}
        reasonError={errors.overrideReason?.message}
        reasonMissing={reasonMissing}
        serverError={serverError}
        isPending={isPending}
      />
    </form>
  );
}
