import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  DAMAGE_REASONS,
  RETURN_MAX_PHOTOS,
  RETURN_MESSAGES,
  RETURN_REASONS,
  type OrderReturnsResponse,
  type ReturnKind,
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
  const [units, setUnits] = useState<Record<number, number>>({});
  const [reasonCode, setReasonCode] = useState<string>(reasons[0].code);
  const [reasonText, setReasonText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReturn();
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = Object.entries(units)
      .filter(([, n]) => n > 0)
      .map(([orderLineId, n]) => ({ orderLineId: Number(orderLineId), units: n }));
    if (lines.length === 0) return setError(RETURN_MESSAGES.noLines);
    if (kind === 'damage' && photos.length === 0) return setError(RETURN_MESSAGES.photoRequired);
    setError(null);
    create.mutate(
      { orderId, kind, reasonCode, reasonText, lines, photos },
      {
        onSuccess: (result) => {
          notify.success(result.message);
          onDone();
        },
        onError: (failure) => setError(getErrorMessage(failure).replace(/^\w+: /, '')),
      },
    );
  };

  return (
    <form
      aria-labelledby={titleId}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4"
    >
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {TITLES[kind]}
      </h3>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          Items and units to {kind === 'damage' ? 'report' : 'send back'}
        </legend>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {data.lines.map((line) => {
            const block = line.blockReason[kind];
            const inputId = `${titleId}-line-${line.orderLineId}`;
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
                  <input
                    id={inputId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={line.returnableUnits}
                    value={units[line.orderLineId] ?? 0}
                    onChange={(e) => {
                      const n = Math.max(
                        0,
                        Math.min(line.returnableUnits, Math.floor(Number(e.target.value) || 0)),
                      );
                      setUnits((current) => ({ ...current, [line.orderLineId]: n }));
                    }}
                    className="w-24 rounded-lg border border-slate-300 px-3 py-2 text-base"
                    aria-label={`Units of ${line.productName}`}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <FormField label="Reason">
        {(field) => (
          <Select {...field} value={reasonCode} onChange={(e) => setReasonCode(e.target.value)}>
            {reasons.map((reason) => (
              <option key={reason.code} value={reason.code}>
                {reason.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Tell us more (optional)">
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            maxLength={1000}
            value={reasonText}
            onChange={(e) => setReasonText(e.target.value)}
          />
        )}
      </FormField>
      {kind === 'damage' ? (
        <FormField
          label="Photos"
          hint={`JPG, PNG or PDF, 5 MB each, up to ${RETURN_MAX_PHOTOS}. Show the damage or the label of the wrong item.`}
        >
          {(field) => (
            <input
              {...field}
              type="file"
              multiple
              accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
              onChange={(e) =>
                setPhotos(Array.from(e.target.files ?? []).slice(0, RETURN_MAX_PHOTOS))
              }
              className="text-sm"
            />
          )}
        </FormField>
      ) : null}
      {error ? <FieldError>{error}</FieldError> : null}
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
