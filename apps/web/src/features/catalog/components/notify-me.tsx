import { BellRing, MailCheck } from 'lucide-react';
import { useEffect, useRef, useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES, STOCK_ALERT_TEXTS } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { notify } from '../../../lib/toast';
import { useCancelStockAlert } from '../api/cancel-stock-alert';
import { useStockAlertStatus } from '../api/get-stock-alert-status';
import { useNotifyWhenAvailable } from '../api/notify-when-available';
import type { Product } from '../types';

function NotifyMeButton({
  onClick,
  isPending,
  buttonRef,
}: {
  onClick: () => void;
  isPending: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button
      ref={buttonRef}
      variant="secondary"
      size="lg"
      onClick={onClick}
      isPending={isPending}
      icon={<BellRing aria-hidden="true" className="size-5" />}
    >
      Notify me when available
    </Button>
  );
}

/**
 * Issue 17: once a signed-in shopper has asked, a calm confirmation instead of a button that could
 * be pressed again, with a small Cancel that brings the button back. Focus follows the change, so
 * a keyboard user is not dropped at the top of the page.
 */
function StockAlertWaiting({
  onCancel,
  isCancelling,
  focusOnMount,
}: {
  onCancel: () => void;
  isCancelling: boolean;
  focusOnMount: boolean;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnMount) boxRef.current?.focus();
  }, [focusOnMount]);
  return (
    <div
      ref={boxRef}
      tabIndex={-1}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-green-200 bg-green-50 px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <MailCheck aria-hidden="true" className="size-6 shrink-0 text-green-800" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-green-900">{STOCK_ALERT_TEXTS.waiting}</p>
        <p className="text-sm text-green-900">{STOCK_ALERT_TEXTS.waitingDetail}</p>
      </div>
      <Button
        variant="quiet"
        size="sm"
        onClick={onCancel}
        isPending={isCancelling}
        aria-label="Cancel the e-mail"
      >
        Cancel
      </Button>
    </div>
  );
}

/**
 * The product page's cart area for an out-of-stock product: 'Notify me when available', or
 * "We'll e-mail you" once a signed-in shopper has asked.
 */
export function NotifyMe({ productId }: { productId: number }) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const signedIn = status === 'authenticated';
  const alert = useStockAlertStatus(productId, signedIn);
  const notifyMe = useNotifyWhenAvailable();
  const cancel = useCancelStockAlert();
  // Where focus goes after the shopper changed the state here (not on the page's first paint).
  const [changedHere, setChangedHere] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const waiting = signedIn && alert.data?.waiting === true;

  useEffect(() => {
    if (changedHere && !waiting) buttonRef.current?.focus();
  }, [changedHere, waiting]);

  const onAsk = () => {
    if (status === 'anonymous') {
      // Spec §8: signed-out visitors are asked to log in.
      notify.error(MESSAGES.pleaseLogin);
      navigate(paths.login.getHref('login'));
      return;
    }
    notifyMe.mutate(productId, {
      onSuccess: ({ message }) => {
        setChangedHere(true);
        notify.info(message || MESSAGES.notifyWhenAvailable);
      },
    });
  };

  const onCancel = () =>
    cancel.mutate(productId, {
      onSuccess: ({ message }) => {
        setChangedHere(true);
        notify.info(message || STOCK_ALERT_TEXTS.cancelled);
      },
    });

  // The answer is on its way: a placeholder of the button's size, so nothing jumps or flips.
  if (signedIn && alert.isPending) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">Checking whether we will e-mail you</span>
        <Skeleton className="h-12 w-full max-w-72" />
      </div>
    );
  }

  return waiting ? (
    <StockAlertWaiting
      onCancel={onCancel}
      isCancelling={cancel.isPending}
      focusOnMount={changedHere}
    />
  ) : (
    <NotifyMeButton onClick={onAsk} isPending={notifyMe.isPending} buttonRef={buttonRef} />
  );
}

/**
 * Issue 17: the product page asks whether it will e-mail a signed-in shopper while its loader still
 * shows, for a product that would show this block (out of stock, sold online).
 */
export function useStockAlertPrefetch(productId: number, product: Product | undefined): void {
  const signedIn = useAuth().status === 'authenticated';
  useStockAlertStatus(
    productId,
    signedIn && product !== undefined && product.quantity <= 0 && product.schedule.onlineSale,
  );
}
