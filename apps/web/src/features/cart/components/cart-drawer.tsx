import { FileText, ShoppingBag, TicketPercent, TriangleAlert } from 'lucide-react';
import { useCallback, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { duplicateTherapies, formatMoney } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Drawer } from '../../../components/ui/drawer';
import { InteractionAdvice } from '../../../components/ui/interaction-advice';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { WarningList } from '../../../components/ui/warning-list';
import { paths } from '../../../config/paths';
import { useShopSettings } from '../../../lib/shop-settings';
import { usePlaceOrder } from '../api/place-order';
import { useCart, useCartLinePending, useCartOwner } from '../hooks/use-cart';
import { useCartActions, type CartActions } from '../hooks/use-cart-actions';
import { markOpenCartAfterSignIn } from '../hooks/use-cart-drawer';
import { CART_EMPTY_TEXT } from '../texts';
import type { CartLine, CartTotals } from '../types';
import { CartLineItem } from './cart-line';

function ConnectedLine({
  line,
  actions,
  currencySymbol,
  onNavigate,
}: {
  line: CartLine;
  actions: CartActions;
  currencySymbol: string;
  onNavigate: () => void;
}) {
  const busy = useCartLinePending(line.productId);
  return (
    <CartLineItem
      line={line}
      currencySymbol={currencySymbol}
      busy={busy}
      onStep={(delta) => actions.step(line, delta)}
      onRemove={() => actions.remove(line)}
      onNavigate={onNavigate}
    />
  );
}

function Totals({ summary, currencySymbol }: { summary: CartTotals; currencySymbol: string }) {
  const money = (amount: number) => formatMoney(amount, currencySymbol);
  return (
    <dl className="flex flex-col gap-1 text-sm text-slate-700">
      <div className="flex justify-between gap-4">
        <dt>
          Price ({summary.itemCount} {summary.itemCount === 1 ? 'item' : 'items'})
        </dt>
        <dd>{money(summary.totalMaximumRetailPrice)}</dd>
      </div>
      {summary.totalSaved > 0 ? (
        <div className="flex justify-between gap-4 font-semibold text-accent-800">
          <dt>You Saved</dt>
          <dd>−{money(summary.totalSaved)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt>Shipping</dt>
        <dd className="font-semibold text-green-800">Free</dd>
      </div>
      <div className="mt-1 flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
        <dt>Total</dt>
        <dd>{money(summary.total)}</dd>
      </div>
    </dl>
  );
}

/** The cart's lines as the shared duplicate-therapy rule reads them. */
function therapyLines(lines: readonly CartLine[]) {
  return lines.map(({ product }) => ({
    productId: product.id,
    productName: product.name,
    saltCompositionId: product.saltComposition?.id ?? null,
    saltCompositionName: product.saltComposition?.name ?? null,
  }));
}

/**
 * Issue 16: a warning for each salt composition that two products of the cart share ('Both X and
 * Y contain Paracetamol (500mg); taking both may double the dose.').
 */
function DuplicateTherapyWarnings({ lines }: { lines: readonly CartLine[] }) {
  const duplicates = duplicateTherapies(therapyLines(lines));
  return (
    <WarningList
      label="Duplicate therapy warnings"
      title="Duplicate therapy"
      warnings={duplicates.map((d) => ({ id: d.saltCompositionId, text: d.message }))}
      className="mb-6"
    />
  );
}

/**
 * Spec §2 cart drawer: close button, backdrop and Escape (the Drawer keeps focus inside). Empty:
 * 'Your shopping cart is empty' and Close. Otherwise the duplicate-therapy warnings (issue 16),
 * the interactions to ask the pharmacist about (issue 31), the lines, 'Free' shipping, the total and savings, 'Continue shopping' and 'Place Order' (signed
 * in) or 'Proceed To Checkout' (guest).
 */
export function CartDrawer({
  open,
  onClose,
  delivery,
}: {
  open: boolean;
  onClose: () => void;
  /** Issue 29: the delivery promise for the shopper's pincode (the delivery feature's). */
  delivery?: ReactNode;
}) {
  const { currencySymbol } = useShopSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const { isGuest, status, cart, reload } = useCart();
  const { userId } = useCartOwner();
  const actions = useCartActions();

  const onPlaced = useCallback(
    (orderId: number) => {
      onClose();
      navigate(paths.orderProcess.getHref(orderId));
    },
    [navigate, onClose],
  );
  const placeOrder = usePlaceOrder(userId, onPlaced);

  const checkout = () => {
    if (isGuest) {
      // DECISIONS: a guest signs in first, then comes back here with the cart open.
      markOpenCartAfterSignIn();
      onClose();
      navigate(paths.login.getHref('login'), {
        state: {
          redirectTo: `${location.pathname}${location.search}${location.hash}`,
          openCart: true,
        },
      });
      return;
    }
    if (!placeOrder.isPending) placeOrder.mutate();
  };

  const continueShopping = () => {
    onClose();
    navigate(paths.shop.getHref());
  };

  const empty = status === 'ready' && cart.lines.length === 0;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Your cart"
      side="right"
      closeLabel="Close cart"
      footer={
        status === 'ready' && !empty ? (
          <div className="flex flex-col gap-4">
            {delivery}
            <Totals summary={cart.summary} currencySymbol={currencySymbol} />
            {cart.summary.prescriptionRequired ? (
              <p className="flex gap-2 rounded-lg bg-amber-50 p-2 text-xs text-amber-900">
                <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                Some items need a prescription. You can upload it after placing the order.
              </p>
            ) : null}
            <p className="flex gap-2 text-xs text-slate-600">
              <TicketPercent aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Have a coupon code or loyalty points? Apply them at the payment step.
            </p>
            <div className="flex flex-col gap-2">
              <Button
                variant="accent"
                size="lg"
                onClick={checkout}
                isPending={placeOrder.isPending}
                pendingText="Placing order…"
              >
                {isGuest ? 'Proceed To Checkout' : 'Place Order'}
              </Button>
              <Button variant="secondary" onClick={continueShopping}>
                Continue shopping
              </Button>
            </div>
          </div>
        ) : undefined
      }
    >
      {status === 'loading' ? (
        <LoadingRegion label="Loading your cart" className="flex flex-col gap-4">
          {Array.from({ length: 3 }, (_, index) => (
            <div key={index} className="flex gap-3">
              <Skeleton className="size-16 shrink-0" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-9 w-28" />
              </div>
            </div>
          ))}
        </LoadingRegion>
      ) : status === 'error' ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center">
          <TriangleAlert aria-hidden="true" className="size-10 text-red-700" />
          <p className="text-base font-medium text-slate-800">We could not load your cart.</p>
          <Button variant="secondary" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : empty ? (
        <div className="flex flex-col items-center gap-4 py-10 text-center">
          <ShoppingBag aria-hidden="true" className="size-12 text-slate-400" />
          <p className="text-base font-medium text-slate-800">{CART_EMPTY_TEXT}</p>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      ) : (
        <>
          <DuplicateTherapyWarnings lines={cart.lines} />
          {cart.interactions ? (
            <InteractionAdvice interactions={cart.interactions} className="mb-6" />
          ) : null}
          <ul aria-label="Items in your cart" className="-my-4 divide-y divide-slate-200">
            {cart.lines.map((line) => (
              <ConnectedLine
                key={line.productId}
                line={line}
                actions={actions}
                currencySymbol={currencySymbol}
                onNavigate={onClose}
              />
            ))}
          </ul>
        </>
      )}
    </Drawer>
  );
}
