import { zodResolver } from '@hookform/resolvers/zod';
import { XCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import {
  CANCEL_REASONS,
  CANCEL_REASON_TEXT_MAX,
  cancelOrderFormSchema,
  type CancelOrderFormValues,
  type CancelOrderInput,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, FormField, Textarea } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';

// No reason chosen yet is '' in the form; the schema refuses it with 'Please choose a reason.'.
const resolver = zodResolver(cancelOrderFormSchema) as unknown as Resolver<
  CancelOrderFormValues,
  unknown,
  CancelOrderInput
>;

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
  const [serverError, setServerError] = useState<string | null>(null);
  // A second click can land before the re-render that disables the button.
  const inFlight = useRef(false);
  const legendId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    watch,
    clearErrors,
    formState: { errors },
  } = useForm<CancelOrderFormValues, unknown, CancelOrderInput>({
    resolver,
    defaultValues: { reasonCode: '', reasonText: '' },
  });
  const reasonCode = watch('reasonCode');
  const error = errors.reasonCode?.message ?? errors.reasonText?.message ?? serverError;

  function close() {
    if (cancel.isPending) return;
    setServerError(null);
    clearErrors();
    cancel.reset();
    onClose();
  }

  // Choosing or typing takes the last message away, as the form did before it was sent.
  const edited = () => {
    setServerError(null);
    clearErrors();
  };

  const onSubmit = handleSubmit((input) => {
    if (inFlight.current || cancel.isPending) return;
    inFlight.current = true;
    setServerError(null);
    cancel.mutate(input, {
      onSuccess: () => {
        onCancelled?.();
        onClose();
      },
      onError: (failure) => setServerError(getErrorMessage(failure)),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Cancel order #${orderId}?`}
      description="The items go back on our shelves, and anything you paid is refunded in full to the way you paid."
      size="sm"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        <fieldset
          aria-labelledby={legendId}
          aria-describedby={errors.reasonCode ? errorId : undefined}
          className="flex flex-col gap-2"
        >
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
                value={reason.code}
                aria-invalid={errors.reasonCode ? true : undefined}
                {...register('reasonCode', { onChange: edited })}
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
              aria-invalid={errors.reasonText ? true : undefined}
              aria-describedby={errors.reasonText ? errorId : undefined}
              {...register('reasonText', { onChange: edited })}
            />
          )}
        </FormField>
        {error ? <FieldError id={errorId}>{error}</FieldError> : null}
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
