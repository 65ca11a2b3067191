import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  DAMAGE_REASONS,
  RETURN_MAX_PHOTOS,
  RETURN_REASONS,
  returnRequestFormSchema,
  type OrderReturnsResponse,
  type ReturnKind,
  type ReturnRequestFormOutput,
  type ReturnRequestFormValues,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { FieldError, FormField, Select, Textarea } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useCreateReturn } from '../api/create-return';

const TITLES: Record<ReturnKind, string> = {
  return: 'Return items',
  damage: 'Report damaged or wrong items',
};

const resolver = zodResolver(returnRequestFormSchema);

/**
 * The request form: each line of the order with how many units to send back, or the reason it
 * cannot be; a reason from the list and free text; photos for a damage report (required).
 */
export function ReturnForm({
  orderId,
  kind,
  data,
  onDone,
}: {
  orderId: number;
  kind: ReturnKind;
  data: OrderReturnsResponse;
  onDone: () => void;
}) {
  const reasons = kind === 'damage' ? DAMAGE_REASONS : RETURN_REASONS;
  const returnable = data.lines.filter((line) => !line.blockReason[kind]);
  const [serverError, setServerError] = useState<string | null>(null);
  // A second click can land before the re-render that disables the button.
  const inFlight = useRef(false);
  const create = useCreateReturn();
  const titleId = useId();
  const errorId = useId();
  const {
    control,
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<ReturnRequestFormValues, unknown, ReturnRequestFormOutput>({
    resolver,
    defaultValues: {
      kind,
      reasonCode: reasons[0].code,
      reasonText: '',
      lines: returnable.map((line) => ({ orderLineId: line.orderLineId, units: 0 })),
      photos: [],
    },
  });
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;
  const error = linesError ?? serverError;

  const submit = handleSubmit(
    ({ reasonCode, reasonText, lines, photos }) => {
      if (inFlight.current || create.isPending) return;
      inFlight.current = true;
      setServerError(null);
      create.mutate(
        {
          orderId,
          kind,
          reasonCode,
          reasonText: reasonText ?? '',
          lines,
          photos: photos.filter((photo): photo is File => photo instanceof File),
        },
        {
          onSuccess: (result) => {
            notify.success(result.message);
            onDone();
          },
          onError: (failure) => setServerError(getErrorMessage(failure).replace(/^\w+: /, '')),
          onSettled: () => {
            inFlight.current = false;
          },
        },
      );
    },
    // No units chosen is an error of the list, not of one field: the first units field takes focus.
    (invalid) => {
      if (invalid.lines && returnable.length > 0) setFocus('lines.0.units');
    },
  );

  return (
    <form
      aria-labelledby={titleId}
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4"
    >
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {TITLES[kind]}
      </h3>
      <fieldset className="flex flex-col gap-2" aria-describedby={linesError ? errorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">
          Items and units to {kind === 'damage' ? 'report' : 'send back'}
        </legend>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {data.lines.map((line) => {
            const block = line.blockReason[kind];
            const inputId = `${titleId}-line-${line.orderLineId}`;
            const index = returnable.indexOf(line);
            return (
              <li
                key={line.orderLineId}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <label htmlFor={block ? undefined : inputId} className="text-sm text-slate-900">
                  <span className="font-medium">{line.productName}</span>
                  <span className="block text-xs text-slate-600">
                    Ordered {line.quantity}
                    {block ? '' : ` · up to ${line.returnableUnits} can be sent`}
                  </span>
                </label>
                {block ? (
                  <p className="text-sm text-slate-700 sm:max-w-xs sm:text-right">{block}</p>
                ) : (
                  <Controller
                    control={control}
                    name={`lines.${index}.units`}
                    render={({ field }) => (
                      <input
                        id={inputId}
                        ref={field.ref}
                        name={field.name}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={line.returnableUnits}
                        value={field.value}
                        onBlur={field.onBlur}
                        onChange={(e) =>
                          field.onChange(
                            Math.max(
                              0,
                              Math.min(
                                line.returnableUnits,
                                Math.floor(Number(e.target.value) || 0),
                              ),
                            ),
                          )
                        }
                        aria-invalid={linesError ? true : undefined}
                        className="w-24 rounded-lg border border-slate-300 px-3 py-2 text-base"
                        aria-label={`Units of ${line.productName}`}
                      />
                    )}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <FormField label="Reason" error={errors.reasonCode?.message}>
        {(field) => (
          <Select {...field} {...register('reasonCode')}>
            {reasons.map((reason) => (
              <option key={reason.code} value={reason.code}>
                {reason.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Tell us more (optional)" error={errors.reasonText?.message}>
        {(field) => <Textarea {...field} rows={3} maxLength={1000} {...register('reasonText')} />}
      </FormField>
      {kind === 'damage' ? (
        <FormField
          label="Photos"
          hint={`JPG, PNG or PDF, 5 MB each, up to ${RETURN_MAX_PHOTOS}. Show the damage or the label of the wrong item.`}
          error={errors.photos?.message}
        >
          {(field) => (
            <Controller
              control={control}
              name="photos"
              render={({ field: photos }) => (
                <input
                  {...field}
                  ref={photos.ref}
                  name={photos.name}
                  onBlur={photos.onBlur}
                  type="file"
                  multiple
                  accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
                  onChange={(e) =>
                    photos.onChange(Array.from(e.target.files ?? []).slice(0, RETURN_MAX_PHOTOS))
                  }
                  className="text-sm"
                />
              )}
            />
          )}
        </FormField>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          isPending={create.isPending}
          pendingText="Sending…"
          icon={<Send aria-hidden="true" className="size-4" />}
        >
          Send request
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
