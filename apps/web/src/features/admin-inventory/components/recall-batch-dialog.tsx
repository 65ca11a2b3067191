import { Ban } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { recallSchema, type Batch, type RecallInput } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, FormField, Textarea } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useRecallBatch } from '../api/recall-batch';
import { unitsText } from '../utils/stock-format';
import { withoutFieldName } from '../utils/server-field';
import { textResolver } from '../utils/text-resolver';

function RecallForm({
  batch,
  onClose,
  onRecalled,
}: {
  batch: Batch;
  onClose: () => void;
  onRecalled: (batch: Batch) => void;
}) {
  const recall = useRecallBatch();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ reason: string }, unknown, RecallInput>({
    resolver: textResolver(recallSchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = handleSubmit(({ reason }) =>
    recall.mutate(
      { batchId: batch.id, reason },
      {
        onSuccess: ({ message, batch: recalled }) => {
          notify.success(message);
          onRecalled(recalled);
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Recall batch" className="flex flex-col gap-4">
      <p className="text-base text-slate-700">
        Batch <strong>{batch.batchNumber}</strong> stops being sold at once
        {batch.onHand > 0 ? (
          <>
            , and its <strong>{unitsText(batch.onHand)}</strong> on hand leave the stock
          </>
        ) : null}
        . Next you see the orders that received units of it, to contact the customers.
      </p>
      <FormField label="Reason" error={errors.reason?.message} hint="For example the notice number">
        {(field) => (
          <Textarea {...field} {...register('reason')} rows={3} maxLength={500} autoFocus />
        )}
      </FormField>
      {recall.isError ? (
        <FieldError>{withoutFieldName(getErrorMessage(recall.error))}</FieldError>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="danger"
          isPending={recall.isPending}
          pendingText="Recalling..."
          icon={<Ban aria-hidden="true" className="size-4" />}
        >
          Recall Batch
        </Button>
      </div>
    </form>
  );
}

/** Issue 15 recall: a reason is required; the batch stops being sold at once. */
export function RecallBatchDialog({
  batch,
  onClose,
  onRecalled,
}: {
  batch: Batch | null;
  onClose: () => void;
  onRecalled: (batch: Batch) => void;
}) {
  return (
    <Dialog
      open={batch !== null}
      onClose={onClose}
      role="alertdialog"
      title={batch ? `Recall batch ${batch.batchNumber}?` : 'Recall batch?'}
    >
      {batch ? (
        <RecallForm key={batch.id} batch={batch} onClose={onClose} onRecalled={onRecalled} />
      ) : null}
    </Dialog>
  );
}
