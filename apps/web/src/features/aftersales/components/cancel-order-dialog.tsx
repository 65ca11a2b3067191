import { XCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CANCEL_REASONS, CANCEL_REASON_TEXT_MAX, type CancelReasonCode } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, FormField, Textarea } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';

/**
 * Asks why (the shared reasons, and free text, required for 'Another reason') and cancels. A
 * refusal (the window has passed, the parcel left meanwhile) shows the server's sentence here.
 */
export function CancelOrderDialog({
  orderId,
  open,
  onClose,
  onCancelled,
}: {
  orderId: number;
  open: boolean;
  onClose: () => void;
  onCancelled?: () => void;
}) {
  const cancel = useCancelOrder(orderId);
  const [reasonCode, setReasonCode] = useState<CancelReasonCode | ''>('');
  const [reasonText, setReasonText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();

  function close() {
    if (cancel.isPending) return;
    setError(null);
    cancel.reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (cancel.isPending) return;
    if (!reasonCode) {
      setError('Please choose a reason.');
      return;
    }
    if (reasonCode === 'other' && !reasonText.trim()) {
      setError('Please tell us why you are cancelling.');
      return;
    }
    setError(null);
    cancel.mutate(
      { reasonCode, ...(reasonText.trim() ? { reasonText: reasonText.trim() } : {}) },
      {
        onSuccess: () => {
          onCancelled?.();
          onClose();
        },
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Cancel order #${orderId}?`}
      description="The items go back on our shelves, and anything you paid is refunded in full to the way you paid."
      size="sm"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
          <legend id={legendId} className="mb-1 text-sm font-semibold text-slate-900">
            Why are you cancelling?
          </legend>
          {CANCEL_REASONS.map((reason) => (
            <label
              key={reason.code}
              className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="reasonCode"
                value={reason.code}
                checked={reasonCode === reason.code}
                onChange={() => {
                  setReasonCode(reason.code);
                  setError(null);
                }}
                className="size-4 accent-brand-700"
              />
              {reason.label}
            </label>
          ))}
        </fieldset>
        <FormField label={reasonCode === 'other' ? 'Tell us why' : 'Anything else? (optional)'}>
          {(field) => (
            <Textarea
              {...field}
              rows={3}
              maxLength={CANCEL_REASON_TEXT_MAX}
              value={reasonText}
              onChange={(event) => {
                setReasonText(event.target.value);
                setError(null);
              }}
            />
          )}
        </FormField>
        {error ? <FieldError>{error}</FieldError> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
            Keep order
          </Button>
          <Button
            type="submit"
            variant="danger"
            isPending={cancel.isPending}
            pendingText="Cancelling..."
            icon={<XCircle aria-hidden="true" className="size-4" />}
          >
            Cancel order
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
