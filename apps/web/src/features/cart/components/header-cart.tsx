import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useCartCount } from '../hooks/use-cart-count';
import { closeCartDrawer, openCartDrawer, useCartDrawerOpen } from '../hooks/use-cart-drawer';
import { useGuestCartMerge, useOpenCartAfterSignIn } from '../hooks/use-guest-cart-merge';
import { CartButton } from './cart-button';

// The drawer (lines, stepper, totals, place order) loads when the cart is first opened or
// pointed at: it is ~5 kB of every page's first download that most page views never show.
const loadCartDrawer = () => import('./cart-drawer');
const CartDrawer = lazy(() => loadCartDrawer().then((m) => ({ default: m.CartDrawer })));

/**
 * The header's cart: the badge button and its drawer. It also merges a guest cart into the
 * server cart at sign-in and reopens the cart for a guest who went to sign in from it.
 */
export function HeaderCart({ delivery }: { delivery?: ReactNode } = {}) {
  const count = useCartCount();
  const open = useCartDrawerOpen();
  const [drawerWanted, setDrawerWanted] = useState(open);
  if (open && !drawerWanted) setDrawerWanted(true);
  useGuestCartMerge();
  useOpenCartAfterSignIn();
  return (
    <>
      <CartButton
        count={count}
        onClick={openCartDrawer}
        onPreload={() => void loadCartDrawer()}
        expanded={open}
      />
      {drawerWanted ? (
        <Suspense fallback={null}>
          <CartDrawer open={open} onClose={closeCartDrawer} delivery={delivery} />
        </Suspense>
      ) : null}
    </>
  );
}
