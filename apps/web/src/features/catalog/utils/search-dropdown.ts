import { matchPath } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * Where the header search sends its text (spec §2): the shop and the admin product list follow
 * it themselves (their search is in the URL); anywhere else it feeds the dropdown.
 */
export type SearchScope = 'shop' | 'admin-products' | 'elsewhere';

export function searchScopeOf(pathname: string): SearchScope {
  if (pathname === paths.shop.path || matchPath(paths.shopBrand.path, pathname)) return 'shop';
  if (pathname === paths.dashboard.products.path) return 'admin-products';
  return 'elsewhere';
}

export type SearchDropdownView = 'hidden' | 'results' | 'no-results';

/**
 * Spec §2 search dropdown: shown only when not on /shop or the admin product page, the search
 * text is non-empty and the products of that search have arrived; it lists them, or says
 * 'No results found'. `open` is false after Escape, an outside click or a choice.
 */
export function searchDropdownView(state: {
  pathname: string;
  text: string;
  open: boolean;
  products: readonly unknown[] | undefined;
}): SearchDropdownView {
  if (searchScopeOf(state.pathname) !== 'elsewhere') return 'hidden';
  if (!state.open || state.text.trim() === '' || state.products === undefined) return 'hidden';
  return state.products.length > 0 ? 'results' : 'no-results';
}
