import { Cross, Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LIMITS } from '@pharmacy/shared';
import { Container } from '../../components/layouts/container';
import { HydrateLater } from '../../components/ui/hydrate-later';
import { paths } from '../../config/paths';
import { PincodeCheck } from '../../features/delivery/components/pincode-check';
import { HeaderCart } from '../../features/cart/components/header-cart';
import { UserMenu } from '../../features/auth/components/user-menu';
import { HeaderSearch } from '../../features/catalog/components/header-search';
import { PromiseBar } from '../../features/site/components/promise-bar';
import { useScrolledPast } from '../../hooks/use-scrolled-past';
import { useShopSettings } from '../../lib/shop-settings';

// The drawer's code (filters and their lists) loads when the menu is first opened.
const SideNavigation = lazy(() =>
  import('../../features/catalog/components/side-navigation').then((m) => ({
    default: m.SideNavigation,
  })),
);
const SIDE_NAVIGATION_ID = 'side-navigation';

/**
 * Spec §1 / §2 header: promise bar, then the brand band with the menu button (side navigation),
 * logo, search (on the home page only after scrolling past 245 px), account menu and cart.
 * On phones the search drops below the logo row.
 */
export function SiteHeader() {
  const { shopName } = useShopSettings();
  const { pathname } = useLocation();
  const isHome = pathname === paths.home.path;
  const scrolledPast = useScrolledPast(LIMITS.homeSearchRevealScrollPx, isHome);
  const showSearch = !isHome || scrolledPast;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);

  return (
    <>
      <PromiseBar />
      <header className="sticky top-0 z-40 bg-brand-700 text-white shadow-sm">
        {/* Hydrated in a task of its own after the page's frame (issue 30, TBT). */}
        <HydrateLater id="site-header">
          <Container className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 py-2 [grid-template-areas:'menu_logo_actions'_'search_search_search'] sm:gap-x-4 md:grid-cols-[auto_auto_minmax(0,1fr)_auto] md:[grid-template-areas:'menu_logo_search_actions']">
            <button
              type="button"
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen(true);
              }}
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? SIDE_NAVIGATION_ID : undefined}
              className="inline-flex size-10 items-center justify-center rounded-lg [grid-area:menu] hover:bg-brand-800 focus-visible:outline-white"
            >
              <Menu aria-hidden="true" className="size-6" />
            </button>
            <Link
              to={paths.home.getHref()}
              className="flex max-w-full min-w-0 items-center gap-2 justify-self-start overflow-hidden rounded-lg py-1 pr-2 text-base font-bold [grid-area:logo] focus-visible:outline-white sm:text-xl"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700">
                <Cross aria-hidden="true" className="size-5 fill-current" />
              </span>
              <span className="truncate">{shopName}</span>
            </Link>
            {showSearch ? (
              <HeaderSearch className="mt-2 [grid-area:search] md:mt-0 md:max-w-xl md:justify-self-center" />
            ) : null}
            <div className="flex items-center gap-1 [grid-area:actions] sm:gap-2">
              <UserMenu />
              <HeaderCart delivery={<PincodeCheck compact />} />
            </div>
          </Container>
        </HydrateLater>
      </header>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <SideNavigation
            id={SIDE_NAVIGATION_ID}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
