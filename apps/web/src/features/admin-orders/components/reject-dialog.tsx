import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { prescriptionRejectionFormSchema } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FormField, Textarea } from '../../../components/ui/form-field';

/**
 * Reject asks for the reason the customer will read (DECISIONS). A native modal dialog: it keeps
 * focus inside, closes on Escape and gives focus back to the opener.
 */
export function RejectDialog({
  open,
  isPending,
  onCancel,
  onReject,
}: {
  open: boolean;
  isPending: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(prescriptionRejectionFormSchema),
    defaultValues: { reason: '' },
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      reset();
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, reset]);

  // The message and the trimming are the shared schema's, the one the server reads.
  const onSubmit = handleSubmit(({ reason }) => {
    if (!isPending) onReject(reason);
  });

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!isPending) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <form onSubmit={onSubmit} noValidate>
        <h2 id={titleId} className="text-xl font-semibold text-slate-900">
          Reject prescription
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          The customer reads this reason and uploads a new prescription.
        </p>
        <FormField label="Reason for rejecting" error={errors.reason?.message} className="mt-4">
          {(field) => <Textarea {...field} {...register('reason')} rows={4} maxLength={500} />}
        </FormField>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isPending={isPending} pendingText="Rejecting...">
            Reject
          </Button>
        </div>
      </form>
    </dialog>
  );
}
