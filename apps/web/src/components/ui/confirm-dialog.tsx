import { Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, type FormEventHandler, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';
import { FieldError } from './form-field';

/**
 * The one confirmation of the app (WAI-ARIA alertdialog, on the modal Dialog): asks before a
 * destructive action (a delete, a write-off, a recall). The title labels it and the message
 * describes it; focus starts on the safe choice (Cancel), stays inside, and goes back to what
 * opened it; Escape, the backdrop and Close cancel. While the action runs, the confirm button shows
 * `pendingText` and nothing closes the dialog, so the answer is seen. A server's refusal (e.g. the
 * 409 of DECISIONS) shows as `error`.
 *
 * `children` adds fields between the message and the buttons (a write-off's note). With `onSubmit`
 * the body is a form and the confirm button submits it, for a confirmation whose fields are
 * validated (react-hook-form's handleSubmit).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Delete',
  pendingText = 'Deleting...',
  cancelLabel = 'Cancel',
  confirmIcon = <Trash2 aria-hidden="true" className="size-4" />,
  error,
  isPending = false,
  onConfirm,
  onSubmit,
  formLabel,
  focusCancel = true,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  pendingText?: string;
  cancelLabel?: string;
  confirmIcon?: ReactNode;
  error?: ReactNode;
  isPending?: boolean;
  onConfirm?: () => void;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The accessible name of the form, with `onSubmit`. */
  formLabel?: string;
  /** False when a field of `children` takes the focus first (it has autoFocus). */
  focusCancel?: boolean;
  onClose: () => void;
  children?: ReactNode;
}) {
  const messageId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  // After the Dialog's own effect (showModal, which remembers the opener to give focus back to).
  useEffect(() => {
    if (open && focusCancel) cancelRef.current?.focus();
  }, [open, focusCancel]);

  const close = () => {
    if (!isPending) onClose();
  };

  const body = (
    <>
      <div id={messageId} className="text-base text-slate-700">
        {message}
      </div>
      {children}
      {error ? <FieldError>{error}</FieldError> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button ref={cancelRef} variant="secondary" onClick={close} disabled={isPending}>
          {cancelLabel}
        </Button>
        <Button
          type={onSubmit ? 'submit' : 'button'}
          variant="danger"
          onClick={onSubmit ? undefined : onConfirm}
          isPending={isPending}
          pendingText={pendingText}
          icon={confirmIcon}
        >
          {confirmLabel}
        </Button>
      </div>
    </>
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      describedBy={messageId}
      role="alertdialog"
      size="sm"
    >
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit} aria-label={formLabel} className="flex flex-col gap-4">
          {body}
        </form>
      ) : (
        <div className="flex flex-col gap-4">{body}</div>
      )}
    </Dialog>
  );
}
