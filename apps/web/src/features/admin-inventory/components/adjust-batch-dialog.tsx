import { SlidersHorizontal } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_REASONS,
  stockAdjustmentSchema,
  type Batch,
  type StockAdjustmentInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, FormField, Select, Textarea } from '../../../components/ui/form-field';
import { NumberInput } from '../../../components/ui/number-input';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useAdjustBatch } from '../api/adjust-batch';
import { useRequestKey } from '../hooks/use-request-key';
import { unitsText } from '../utils/stock-format';
import { fieldOfServerMessage, withoutFieldName } from '../utils/server-field';
import { textResolver } from '../utils/text-resolver';

interface AdjustValues {
  direction: 'add' | 'remove';
  units: string;
  reason: string;
  note: string;
}

/**
 * The form asks for a direction and a count (a person thinks 'take 3 off', not '−3'); the shared
 * schema then checks the signed units, the reason and the note as the server will.
 */
const adjustFormSchema = z
  .object({
    direction: z.enum(['add', 'remove']),
    units: z.string(),
    reason: z.string(),
    note: z.string(),
  })
  .transform(
    ({ direction, units, reason, note }) =>
      // Unchecked here: the shared schema below says what is wrong, with its messages.
      ({
        units: units.trim() === '' ? units : (direction === 'remove' ? -1 : 1) * Number(units),
        reason: reason === '' ? undefined : reason,
        note,
      }) as z.input<typeof stockAdjustmentSchema>,
  )
  .pipe(stockAdjustmentSchema);

const FIELDS = ['units', 'reason', 'note'] as const;

function AdjustForm({ batch, onDone }: { batch: Batch; onDone: () => void }) {
  const adjust = useAdjustBatch();
  const requestKey = useRequestKey();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AdjustValues, unknown, StockAdjustmentInput>({
    resolver: textResolver(adjustFormSchema),
    defaultValues: { direction: 'remove', units: '', reason: '', note: '' },
  });
  const direction = watch('direction');
  const reason = watch('reason');
  const failure = adjust.isError ? getErrorMessage(adjust.error) : null;
  const failureField = failure ? fieldOfServerMessage(failure, FIELDS) : null;

  const onSubmit = handleSubmit(async (input) => {
    try {
      const { message } = await adjust.mutateAsync({
        batchId: batch.id,
        input,
        idempotencyKey: requestKey.take(input),
      });
      requestKey.done();
      notify.success(message);
      onDone();
    } catch (error) {
      // A refusal that names a field shows under it; any other shows above the buttons.
      const named = error instanceof ApiError ? fieldOfServerMessage(error.message, FIELDS) : null;
      if (named) setError(named.field, { message: named.message }, { shouldFocus: true });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Adjust batch" className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Change</legend>
        <div className="grid grid-cols-2 gap-2">
          {(
            [
              ['remove', 'Take units off'],
              ['add', 'Add units'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
                direction === value
                  ? 'border-brand-700 bg-brand-50 text-brand-900'
                  : 'border-slate-300 text-slate-800 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                value={value}
                {...register('direction')}
                className="size-4 accent-brand-700"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        label="Units"
        error={errors.units?.message}
        hint={
          direction === 'remove'
            ? `At most ${unitsText(batch.onHand)}, what the batch holds`
            : 'Units found or returned to this batch'
        }
      >
        {(field) => <NumberInput {...field} {...register('units')} min={1} autoFocus />}
      </FormField>
      <FormField label="Reason" error={errors.reason?.message}>
        {(field) => (
          <Select {...field} {...register('reason')}>
            <option value="">Choose a reason</option>
            {ADJUSTMENT_REASONS.map((value) => (
              <option key={value} value={value}>
                {ADJUSTMENT_REASON_LABELS[value]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        label={
          <>
            Note{' '}
            {reason === 'other' ? null : (
              <span className="font-normal text-slate-600">(optional)</span>
            )}
          </>
        }
        error={errors.note?.message}
      >
        {(field) => <Textarea {...field} {...register('note')} rows={3} maxLength={500} />}
      </FormField>
      {failure && !failureField ? <FieldError>{withoutFieldName(failure)}</FieldError> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="submit"
          isPending={isSubmitting || adjust.isPending}
          pendingText="Saving..."
          icon={<SlidersHorizontal aria-hidden="true" className="size-4" />}
        >
          Save Adjustment
        </Button>
      </div>
    </form>
  );
}

/** Issue 15 manual adjustment of one batch: signed units and a reason, in a dialog. */
export function AdjustBatchDialog({
  batch,
  onClose,
}: {
  batch: Batch | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={batch !== null}
      onClose={onClose}
      title={batch ? `Adjust batch ${batch.batchNumber}` : 'Adjust batch'}
      description={batch ? `It holds ${unitsText(batch.onHand)} now.` : undefined}
    >
      {batch ? <AdjustForm key={batch.id} batch={batch} onDone={onClose} /> : null}
    </Dialog>
  );
}
