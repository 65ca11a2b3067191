import { CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { prescriptionReviewSchema, type PrescriptionReviewInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, Input } from '../../../components/ui/form-field';

export type ApprovalInput = Extract<PrescriptionReviewInput, { decision: 'approve' }>;
type ApprovalField = Exclude<keyof ApprovalInput, 'decision'>;
type ApprovalValues = Record<ApprovalField, string>;
type ApprovalErrors = Partial<Record<ApprovalField, string>>;

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

/**
 * The approval as the shared schema reads it (prescriptionReviewSchema, the server's own rules):
 * the trimmed values, or a message per field.
 */
export function checkApproval(
  values: ApprovalValues,
): { ok: true; input: ApprovalInput } | { ok: false; errors: ApprovalErrors } {
  const result = prescriptionReviewSchema.safeParse({ decision: 'approve', ...values });
  if (result.success && result.data.decision === 'approve') return { ok: true, input: result.data };
  const errors: ApprovalErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as ApprovalField;
    if (field in emptyValues) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

function ApproveForm({
  isPending,
  onCancel,
  onApprove,
}: {
  isPending: boolean;
  onCancel: () => void;
  onApprove: (input: ApprovalInput) => void;
}) {
  const [values, setValues] = useState<ApprovalValues>(emptyValues);
  const [errors, setErrors] = useState<ApprovalErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const checked = checkApproval(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = FIELDS.find((field) => checked.errors[field.name]);
      const input = first ? event.currentTarget.elements.namedItem(first.name) : null;
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    onApprove(checked.input);
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Approve prescription"
      className="flex flex-col"
    >
      <div className="flex flex-col gap-4">
        {FIELDS.map(({ name, label, hint, autoComplete }) => (
          <FormField key={name} label={label} hint={hint} error={errors[name]}>
            {(field) => (
              <Input
                {...field}
                name={name}
                autoComplete={autoComplete}
                spellCheck={false}
                maxLength={name === 'prescriberRegistrationNumber' ? 40 : 120}
                value={values[name]}
                onChange={(event) => {
                  const value = event.target.value;
                  setValues((current) => ({ ...current, [name]: value }));
                  setErrors((current) => ({ ...current, [name]: undefined }));
                }}
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
