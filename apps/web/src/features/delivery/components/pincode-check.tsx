import { useId, useState, type FormEvent } from 'react';
import { Banknote, CircleAlert, MapPin, Truck } from 'lucide-react';
import { PINCODE_INVALID, PINCODE_PATTERN } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useDefaultPincode } from '../api/get-default-pincode';
import { useDeliveryEstimate } from '../api/get-delivery-estimate';
import { rememberPincode, useRememberedPincode } from '../lib/remembered-pincode';

/**
 * Issue 29: "Delivery by Tue, 2 Dec" for the shopper's pincode, on the product page and in the
 * cart. The pincode last checked in this browser is kept; a signed-in member starts from their
 * default address. The promise is the server's (GET /api/delivery/estimate), which the address
 * step enforces.
 */
export function PincodeCheck({
  productId,
  compact = false,
  className,
}: {
  productId?: number;
  compact?: boolean;
  className?: string;
}) {
  const remembered = useRememberedPincode();
  const fallback = useDefaultPincode();
  const pincode = remembered ?? fallback;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const estimate = useDeliveryEstimate(editing ? null : pincode, productId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = draft.trim();
    if (!PINCODE_PATTERN.test(value)) {
      setError(PINCODE_INVALID);
      return;
    }
    setError(null);
    rememberPincode(value);
    setEditing(false);
  }

  const showForm = editing || pincode === null;
  return (
    <section
      aria-label="Delivery"
      className={cn(
        'flex flex-col gap-2 rounded-xl border border-slate-200 bg-white',
        compact ? 'p-3' : 'p-4',
        className,
      )}
    >
      {showForm ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Check delivery to your pincode
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              placeholder="560001"
              value={draft}
              onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={cn(
                'block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-700',
                error ? 'border-red-700' : 'border-slate-300',
              )}
            />
            <Button type="submit" variant="secondary">
              Check
            </Button>
            {editing && pincode ? (
              <Button type="button" variant="quiet" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            ) : null}
          </div>
          {error ? (
            <p id={errorId} className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <div className="flex flex-col gap-1.5" aria-live="polite">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex items-center gap-1.5 text-sm text-slate-700">
              <MapPin aria-hidden="true" className="size-4 text-slate-500" />
              Delivering to <strong className="text-slate-900">{pincode}</strong>
            </p>
            <Button
              variant="quiet"
              size="sm"
              onClick={() => {
                setDraft(pincode ?? '');
                setEditing(true);
              }}
            >
              Change
            </Button>
          </div>
          <EstimateLine estimate={estimate} />
        </div>
      )}
    </section>
  );
}

function EstimateLine({ estimate }: { estimate: ReturnType<typeof useDeliveryEstimate> }) {
  // The previous pincode's answer, kept while the new one loads, is not this pincode's promise.
  if (estimate.isPending || estimate.isPlaceholderData)
    return <p className="h-5 w-40 animate-pulse rounded bg-slate-100" aria-label="Checking…" />;
  if (estimate.isError)
    return (
      <p role="alert" className="flex items-center gap-1.5 text-sm text-red-700">
        <CircleAlert aria-hidden="true" className="size-4" />
        {getErrorMessage(estimate.error)}
      </p>
    );
  const answer = estimate.data;
  if (!answer.serviceable)
    return (
      <p className="flex items-center gap-1.5 text-sm font-semibold text-amber-900">
        <CircleAlert aria-hidden="true" className="size-4" />
        {answer.text}
      </p>
    );
  return (
    <>
      <p
        className={cn(
          'flex items-center gap-1.5 text-sm font-semibold',
          answer.deliverBy ? 'text-green-800' : 'text-slate-700',
        )}
      >
        <Truck aria-hidden="true" className="size-4" />
        {answer.text}
      </p>
      <p className="flex items-center gap-1.5 text-xs text-slate-600">
        <Banknote aria-hidden="true" className="size-4" />
        {answer.cashOnDelivery ? 'Cash on delivery available' : 'Pay online for this pincode'}
      </p>
    </>
  );
}
