import { Ban } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { recallSchema, type Batch, type RecallInput } from '@pharmacy/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField, Textarea } from '../../../components/ui/form-field';
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
    <ConfirmDialog
      open
      title={`Recall batch ${batch.batchNumber}?`}
      formLabel="Recall batch"
      onSubmit={onSubmit}
      focusCancel={false}
      message={
        <p>
          Batch <strong>{batch.batchNumber}</strong> stops being sold at once
          {batch.onHand > 0 ? (
            <>
              , and its <strong>{unitsText(batch.onHand)}</strong> on hand leave the stock
            </>
          ) : null}
          . Next you see the orders that received units of it, to contact the customers.
        </p>
      }
      confirmLabel="Recall Batch"
      pendingText="Recalling..."
      confirmIcon={<Ban aria-hidden="true" className="size-4" />}
      error={recall.isError ? withoutFieldName(getErrorMessage(recall.error)) : null}
      isPending={recall.isPending}
      onClose={onClose}
    >
      <FormField label="Reason" error={errors.reason?.message} hint="For example the notice number">
        {(field) => (
          <Textarea {...field} {...register('reason')} rows={3} maxLength={500} autoFocus />
        )}
      </FormField>
    </ConfirmDialog>
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
  return batch ? (
    <RecallForm key={batch.id} batch={batch} onClose={onClose} onRecalled={onRecalled} />
  ) : null;
}
