import { ArchiveX } from 'lucide-react';
import { useState } from 'react';
import { BATCH_STATE_LABELS, type Batch } from '@pharmacy/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField, Textarea } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useWriteOffBatch } from '../api/write-off-batch';
import { unitsText } from '../utils/stock-format';

function WriteOffConfirm({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const writeOff = useWriteOffBatch();
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      open
      title="Write off units?"
      message={
        <>
          All <strong>{unitsText(batch.onHand)}</strong> of batch{' '}
          <strong>{batch.batchNumber}</strong> ({BATCH_STATE_LABELS[batch.state].toLowerCase()})
          leave the stock. The ledger keeps a record of it.
        </>
      }
      confirmLabel="Write Off"
      pendingText="Writing off..."
      confirmIcon={<ArchiveX aria-hidden="true" className="size-4" />}
      error={writeOff.isError ? getErrorMessage(writeOff.error) : null}
      isPending={writeOff.isPending}
      onConfirm={() =>
        writeOff.mutate(
          { batchId: batch.id, note: note.trim() || null },
          {
            onSuccess: ({ message }) => {
              notify.success(message);
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      <FormField
        label={
          <>
            Note <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
      >
        {(field) => (
          <Textarea
            {...field}
            rows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder="Sent for destruction"
          />
        )}
      </FormField>
    </ConfirmDialog>
  );
}

/** Issue 15 write-off: every unit of an expired, short-dated or recalled batch, after asking. */
export function WriteOffDialog({ batch, onClose }: { batch: Batch | null; onClose: () => void }) {
  return batch ? <WriteOffConfirm key={batch.id} batch={batch} onClose={onClose} /> : null;
}
