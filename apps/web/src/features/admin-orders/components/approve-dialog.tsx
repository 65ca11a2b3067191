import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { prescriptionApprovalFormSchema, type PrescriptionReviewInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input } from '../../../components/ui/form-field';

export type ApprovalInput = Extract<PrescriptionReviewInput, { decision: 'approve' }>;
type ApprovalValues = z.input<typeof prescriptionApprovalFormSchema>;
type ApprovalField = keyof ApprovalValues;

const emptyValues: ApprovalValues = {
  prescriberName: '',
  prescriberRegistrationNumber: '',
  patientName: '',
};

const FIELDS: ReadonlyArray<{
  name: ApprovalField;
  label: string;
  hint: string;
  autoComplete: string;
}> = [
  {
    name: 'prescriberName',
    label: "Prescriber's name",
    hint: 'The doctor who signed the prescription',
    autoComplete: 'off',
  },
  {
    name: 'prescriberRegistrationNumber',
    label: "Prescriber's registration number",
    hint: 'As printed on the prescription, e.g. KMC 45678',
    autoComplete: 'off',
  },
  {
    name: 'patientName',
    label: "Patient's name",
    hint: 'The patient the prescription is written for',
    autoComplete: 'off',
  },
];

function ApproveForm({
  isPending,
  onCancel,
  onApprove,
}: {
  isPending: boolean;
  onCancel: () => void;
  onApprove: (input: ApprovalInput) => void;
}) {
  // The shared schema is the server's own rules: the trimmed values, or a message per field (the
  // first field in error takes the focus).
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ApprovalValues, unknown, z.output<typeof prescriptionApprovalFormSchema>>({
    resolver: zodResolver(prescriptionApprovalFormSchema),
    defaultValues: emptyValues,
  });

  const onSubmit = handleSubmit((values) => {
    if (!isPending) onApprove({ decision: 'approve', ...values });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Approve prescription"
      className="flex flex-col"
    >
      <div className="flex flex-col gap-4">
        {FIELDS.map(({ name, label, hint, autoComplete }) => (
          <FormField key={name} label={label} hint={hint} error={errors[name]?.message}>
            {(field) => (
              <Input
                {...field}
                {...register(name)}
                autoComplete={autoComplete}
                spellCheck={false}
                maxLength={name === 'prescriberRegistrationNumber' ? 40 : 120}
              />
            )}
          </FormField>
        ))}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          isPending={isPending}
          pendingText="Approving..."
          icon={<CircleCheck aria-hidden="true" className="size-4" />}
        >
          Approve
        </Button>
      </div>
    </form>
  );
}

/**
 * Issue 16 pharmacist approval: the prescriber's name and registration number and the patient's
 * name, as read from the prescription, each required by the shared schema; they go into the
 * approval record and the Schedule H1 register.
 */
export function ApproveDialog({
  open,
  isPending,
  onCancel,
  onApprove,
}: {
  open: boolean;
  isPending: boolean;
  onCancel: () => void;
  onApprove: (input: ApprovalInput) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!isPending) onCancel();
      }}
      title="Approve prescription"
      description="Copy these from the prescription. They are kept with the approval and in the Schedule H1 register."
    >
      <ApproveForm isPending={isPending} onCancel={onCancel} onApprove={onApprove} />
    </Dialog>
  );
}
