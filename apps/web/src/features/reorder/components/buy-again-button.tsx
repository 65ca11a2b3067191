import { RotateCcw, ShoppingCart } from 'lucide-react';
import { useRef, useState } from 'react';
import { BUY_AGAIN_TEXT, type BuyAgainResponse } from '@pharmacy/shared';
import { Button, type ButtonSize } from '../../../components/ui/button';
import { WarningList } from '../../../components/ui/warning-list';
import { ApiError, getErrorMessage, isAbortError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useBuyAgain } from '../api/buy-again';

/** What to tell the shopper after a failure; null when they were already told (401 toast). */
function failureText(error: unknown): string | null {
  if (isAbortError(error) || (error instanceof ApiError && error.handled)) return null;
  if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500)
    return getErrorMessage(error);
  return BUY_AGAIN_TEXT.failed;
}

/**
 * Issue 17 'Buy again' on one of the customer's own orders. Everything went in: a toast and the
 * cart opens (onViewCart). Something could not: a notice lists each product with the reason and
 * offers the cart. The button is disabled while it works, and a second click is ignored.
 */
export function BuyAgainButton({
  orderId,
  onViewCart,
  size = 'md',
  className,
}: {
  orderId: number;
  /** Shows the cart (the app passes the header drawer's opener). */
  onViewCart: () => void;
  size?: ButtonSize;
  className?: string;
}) {
  const mutation = useBuyAgain(orderId);
  const working = useRef(false);
  const [result, setResult] = useState<BuyAgainResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const notAdded = result?.lines.filter((line) => line.reason !== null) ?? [];

  const run = () => {
    if (working.current) return;
    working.current = true;
    setResult(null);
    setFailure(null);
    mutation.mutate(undefined, {
      onSuccess: (response) => {
        setResult(response);
        if (response.lines.every((line) => line.reason === null)) {
          notify.success(response.message);
          onViewCart();
        }
      },
      onError: (error) => setFailure(failureText(error)),
      onSettled: () => {
        working.current = false;
      },
    });
  };

  return (
    <div className={cn('flex flex-col items-start', className)}>
      <Button
        variant="secondary"
        size={size}
        onClick={run}
        isPending={mutation.isPending}
        pendingText={BUY_AGAIN_TEXT.pending}
        icon={<RotateCcw aria-hidden="true" className="size-4" />}
      >
        {BUY_AGAIN_TEXT.button} <span className="sr-only">(order #{orderId})</span>
      </Button>
      {/* Always in the page, so the result is announced when it is written into it. */}
      <div role="status" className="w-full">
        {result && notAdded.length > 0 ? (
          <div className="mt-2 flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
            <p className="text-sm font-semibold text-slate-900">{result.message}</p>
            <WarningList
              label={BUY_AGAIN_TEXT.notAddedTitle}
              warnings={notAdded.map((line, index) => ({
                id: line.productId ?? `deleted-${index}`,
                text: line.note,
              }))}
            />
            {result.addedUnits > 0 ? (
              <Button
                variant="quiet"
                size="sm"
                className="self-start"
                onClick={onViewCart}
                icon={<ShoppingCart aria-hidden="true" className="size-4" />}
              >
                {BUY_AGAIN_TEXT.viewCart}
              </Button>
            ) : null}
          </div>
        ) : result ? (
          <p className="mt-2 text-sm text-slate-700">{result.message}</p>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
