import { useCartCount } from '../hooks/use-cart-count';
import { closeCartDrawer, openCartDrawer, useCartDrawerOpen } from '../hooks/use-cart-drawer';
import { useGuestCartMerge, useOpenCartAfterSignIn } from '../hooks/use-guest-cart-merge';
import { CartButton } from './cart-button';
import { CartDrawer } from './cart-drawer';

/**
 * The header's cart: the badge button and its drawer. It also merges a guest cart into the
 * server cart at sign-in and reopens the cart for a guest who went to sign in from it.
 */
export function HeaderCart() {
  const count = useCartCount();
  const open = useCartDrawerOpen();
  useGuestCartMerge();
  useOpenCartAfterSignIn();
  return (
    <>
      <CartButton count={count} onClick={openCartDrawer} expanded={open} />
      <CartDrawer open={open} onClose={closeCartDrawer} />
    </>
  );
}
