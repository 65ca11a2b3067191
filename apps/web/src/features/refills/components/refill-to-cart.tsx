import { CalendarClock, PackageSearch, ShoppingCart, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BUY_AGAIN_TEXT, REFILL_TEXTS, type RefillAddToCartResponse } from '@pharmacy/shared';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { WarningList } from '../../../components/ui/warning-list';
import { paths } from '../../../config/paths';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useAddRefillToCart } from '../api/add-refill-to-cart';

/** Kept in the history entry, so going back or reloading shows the result and adds nothing again. */
interface RefillPageState {
  refillResult?: RefillAddToCartResponse;
}

function readResult(state: unknown): RefillAddToCartResponse | null {
  if (typeof state !== 'object' || state === null) return null;
  return (state as RefillPageState).refillResult ?? null;
}

/**
 * Issue 17: where the reminder mail's link lands once signed in. The reminder's product goes into
 * the cart once (the answer is kept in the history entry); what went in opens the cart, and what
 * could not be added is listed with the reason.
 */
export function RefillToCart({
  reminderId,
  onOpenCart,
}: {
  reminderId: number | null;
  /** Shows the cart (the app passes the header drawer's opener). */
  onOpenCart: () => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const stored = readResult(location.state);
  const mutation = useAddRefillToCart();
  const started = useRef(false);
  const { mutate } = mutation;
  const { pathname, search } = location;

  const run = useCallback(
    (id: number) =>
      mutate(id, {
        onSuccess: (result) => {
          void navigate(`${pathname}${search}`, {
            replace: true,
            state: { refillResult: result } satisfies RefillPageState,
          });
          if (result.addedUnits > 0) onOpenCart();
        },
      }),
    [mutate, navigate, pathname, search, onOpenCart],
  );

  useEffect(() => {
    if (stored || reminderId === null || started.current) return;
    started.current = true;
    run(reminderId);
  }, [stored, reminderId, run]);

  const result = stored ?? mutation.data ?? null;
  const header = <PageHeader title={REFILL_TEXTS.refillPageTitle} />;

  if (
    reminderId === null ||
    (mutation.error instanceof ApiError && mutation.error.statusCode === 404)
  ) {
    return (
      <>
        {header}
        <EmptyState
          icon={<PackageSearch className="size-8" />}
          title={REFILL_TEXTS.notFound}
          action={
            <ButtonLink to={paths.dashboard.refills.getHref()}>{REFILL_TEXTS.pageTitle}</ButtonLink>
          }
        />
      </>
    );
  }
  if (mutation.isError) {
    return (
      <>
        {header}
        <EmptyState
          icon={<TriangleAlert className="size-8 text-red-700" />}
          title={REFILL_TEXTS.refillFailed}
          action={
            <Button variant="secondary" onClick={() => run(reminderId)}>
              Try again
            </Button>
          }
        >
          <span role="alert">{getErrorMessage(mutation.error)}</span>
        </EmptyState>
      </>
    );
  }
  if (!result) {
    return (
      <>
        {header}
        <LoadingRegion label={REFILL_TEXTS.refillAdding} className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{REFILL_TEXTS.refillAdding}</p>
          <Skeleton className="h-24 w-full" />
        </LoadingRegion>
      </>
    );
  }

  const notAdded = result.lines.filter((line) => line.reason !== null);
  return (
    <>
      {header}
      <div className="flex max-w-2xl flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5">
        <p role="status" className="text-base font-semibold text-slate-900">
          {result.message}
        </p>
        <WarningList
          label={BUY_AGAIN_TEXT.notAddedTitle}
          warnings={notAdded.map((line, index) => ({
            id: line.productId ?? `gone-${index}`,
            text: line.note,
          }))}
        />
        <div className="flex flex-wrap gap-2">
          {result.addedUnits > 0 ? (
            <Button
              variant="accent"
              onClick={onOpenCart}
              icon={<ShoppingCart aria-hidden="true" className="size-4" />}
            >
              {REFILL_TEXTS.openCart}
            </Button>
          ) : (
            <ButtonLink to={paths.shop.getHref()} variant="secondary">
              Browse the shop
            </ButtonLink>
          )}
          <ButtonLink
            to={paths.dashboard.refills.getHref()}
            variant="quiet"
            icon={<CalendarClock aria-hidden="true" className="size-4" />}
          >
            {REFILL_TEXTS.pageTitle}
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
