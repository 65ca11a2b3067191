import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form-field';
import { Dialog } from './dialog';

/** Asks before a delete; shows the server's reason when it refuses (e.g. the 409 of DECISIONS). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  error,
  isPending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  error?: string | null;
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} role="alertdialog" size="sm">
      <div className="flex flex-col gap-4">
        <div className="text-base text-slate-700">{message}</div>
        {error ? <FieldError>{error}</FieldError> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={onConfirm}
            isPending={isPending}
            pendingText="Deleting..."
            icon={<Trash2 aria-hidden="true" className="size-4" />}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
