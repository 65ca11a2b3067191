import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { FieldError } from './form-field';

/**
 * Asks before a destructive action (a delete, a write-off); shows the server's reason when it
 * refuses (e.g. the 409 of DECISIONS). `children` adds fields between the message and the buttons.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  pendingText = 'Deleting...',
  confirmIcon = <Trash2 aria-hidden="true" className="size-4" />,
  error,
  isPending,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  pendingText?: string;
  confirmIcon?: ReactNode;
  error?: string | null;
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} role="alertdialog" size="sm">
      <div className="flex flex-col gap-4">
        <div className="text-base text-slate-700">{message}</div>
        {children}
        {error ? <FieldError>{error}</FieldError> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={onConfirm}
            isPending={isPending}
            pendingText={pendingText}
            icon={confirmIcon}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
