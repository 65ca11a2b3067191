import { ArrowRight, Search } from 'lucide-react';
import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LIMITS } from '@pharmacy/shared';
import { paths } from '../../../config/paths';
import { useDebouncedCallback } from '../../../hooks/use-debounced-callback';
import { useDismiss } from '../../../hooks/use-dismiss';
import { cn } from '../../../lib/cn';
import { useSearchSuggestions } from '../api/get-products';
import { useProductFilter, useProductFilterActions } from '../hooks/use-product-filter';
import { setSearchText, useSearchText } from '../hooks/use-search-text';
import { searchDropdownView, searchScopeOf } from '../utils/search-dropdown';

export const SEARCH_PLACEHOLDER = 'Search for medicines or supplements';

/** The admin product list keeps its search in the URL too (`?search=`), page 1 on a change. */
function adminSearchHref(pathname: string, locationSearch: string, text: string): string {
  const params = new URLSearchParams(locationSearch);
  params.delete('page');
  if (text) params.set('search', text);
  else params.delete('search');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Spec §2 header search, a combobox. Typing sets the search text; after 300 ms without typing
 * the search is set (page 1): the shop and the admin product list follow it in their URL, and
 * anywhere else the dropdown lists the matching products, each opening its page (and clearing
 * the search), ending with 'See All' to /shop?search=…, or says 'No results found'. Arrow keys
 * move through the results, Enter opens one, Escape closes the list. Enter with no result
 * chosen opens the shop with the search.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const inputId = useId();
  const listboxId = useId();
  const navigate = useNavigate();
  const { pathname, search: locationSearch } = useLocation();
  const scope = searchScopeOf(pathname);
  const filter = useProductFilter();
  const { setSearch } = useProductFilterActions();
  const text = useSearchText();
  const [term, setTerm] = useState(() => text.trim());
  // The dropdown belongs to the page it was opened on; navigating elsewhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const lastPushed = useRef<string | null>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const urlSearch =
    scope === 'shop'
      ? filter.search
      : scope === 'admin-products'
        ? (new URLSearchParams(locationSearch).get('search') ?? '').trim()
        : null;

  // On the shop and the admin list the URL is the truth: follow it unless we just pushed it. In
  // the commit that renders the URL, not after the next paint (Preact's plain effect): run late at
  // mount, it wiped a letter typed in between (a CI journey lost the 'd' of 'dolo').
  useLayoutEffect(() => {
    if (urlSearch === null) return;
    if (urlSearch === lastPushed.current) return;
    lastPushed.current = null;
    setSearchText(urlSearch);
  }, [urlSearch]);

  const suggestions = useSearchSuggestions(term, scope === 'elsewhere');
  const products = suggestions.data?.productList;
  const open = openOn === pathname;
  const view = searchDropdownView({ pathname, text, open, products });
  const results = view === 'results' && products ? products : [];
  const optionCount = results.length > 0 ? results.length + 1 : 0; // the results and 'See All'
  const seeAllHref = paths.shop.getHref({ search: text.trim() });
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const close = useCallback(() => {
    setOpenOn(null);
    setActive(-1);
  }, []);
  useDismiss(rootRef, open, close);

  const debounced = useDebouncedCallback((value: string) => {
    const trimmed = value.trim();
    if (scope === 'shop') {
      lastPushed.current = trimmed;
      setSearch(value, { replace: true });
    } else if (scope === 'admin-products') {
      lastPushed.current = trimmed;
      navigate(adminSearchHref(pathname, locationSearch, trimmed), { replace: true });
    } else {
      setTerm(trimmed);
    }
  }, LIMITS.headerSearchDebounceMs);

  const onChange = (value: string) => {
    setSearchText(value);
    setOpenOn(pathname);
    setActive(-1);
    debounced.run(value);
  };

  // The box is in the server's HTML (issue 30): what a shopper typed before the script took
  // over is in the element but not in the state, and the next render would wipe it. Take it up
  // once, as typing, before any other render (a layout effect runs right after hydration).
  const adoptEarlyTyping = useRef(onChange);
  adoptEarlyTyping.current = onChange;
  useLayoutEffect(() => {
    const early = inputRef.current?.value ?? '';
    if (early === '' || early === text) return;
    // The address still has the search of before: the typing wins over following it.
    if (urlSearch !== null) lastPushed.current = urlSearch;
    adoptEarlyTyping.current(early);
    // Once, at mount: later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const chooseProduct = () => {
    // Spec §2: a result opens its product and clears the search.
    debounced.cancel();
    setSearchText('');
    setTerm('');
    close();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    debounced.cancel();
    close();
    if (scope === 'admin-products') {
      lastPushed.current = text.trim();
      navigate(adminSearchHref(pathname, locationSearch, text.trim()), { replace: true });
      return;
    }
    lastPushed.current = text.trim();
    setSearch(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpenOn(pathname);
        return;
      }
      if (optionCount === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current < 0 && step < 0 ? optionCount - 1 : (current + step + optionCount) % optionCount,
      );
    } else if (event.key === 'Escape') {
      if (view !== 'hidden') {
        // Keeps the browser from also clearing the search field.
        event.preventDefault();
        close();
      }
    } else if (event.key === 'Enter' && active >= 0 && active < optionCount) {
      event.preventDefault();
      const product = results[active];
      if (product) {
        chooseProduct();
        navigate(paths.product.getHref(product.id));
      } else {
        close();
        navigate(seeAllHref);
      }
    } else if (event.key === 'Home' || event.key === 'End') {
      setActive(-1);
    }
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) close();
  };

  const optionClasses = (index: number) =>
    cn(
      'flex items-center gap-2 px-3 py-2 text-sm text-slate-900 no-underline',
      index === active ? 'bg-brand-50 text-brand-800' : 'hover:bg-slate-50',
    );

  return (
    <form
      ref={rootRef}
      role="search"
      onSubmit={onSubmit}
      onBlur={onBlur}
      className={cn('relative flex w-full', className)}
    >
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={view === 'results'}
        aria-controls={view === 'results' ? listboxId : undefined}
        aria-activedescendant={view === 'results' && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-l-lg border border-white/40 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-offset-1 focus:outline-white"
      />
      <button
        type="submit"
        className="inline-flex h-10 items-center justify-center rounded-r-lg bg-brand-900 px-3 text-white hover:bg-brand-800 focus-visible:outline-white"
      >
        <Search aria-hidden="true" className="size-5" />
        <span className="sr-only">Search</span>
      </button>
      {view === 'results' ? (
        <div
          id={listboxId}
          role="listbox"
          aria-label="Matching products"
          className="absolute top-full right-0 left-0 z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {results.map((product, index) => (
            <Link
              key={product.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              to={paths.product.getHref(product.id)}
              onClick={chooseProduct}
              onMouseEnter={() => setActive(index)}
              className={optionClasses(index)}
            >
              <Search aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span className="truncate">{product.name}</span>
            </Link>
          ))}
          <Link
            id={optionId(results.length)}
            role="option"
            aria-selected={active === results.length}
            tabIndex={-1}
            to={seeAllHref}
            onClick={close}
            onMouseEnter={() => setActive(results.length)}
            className={cn(
              optionClasses(results.length),
              'mt-1 border-t border-slate-100 font-semibold text-brand-700',
            )}
          >
            See All
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      ) : null}
      {view === 'no-results' ? (
        <p
          role="status"
          className="absolute top-full right-0 left-0 z-50 mt-1 rounded-lg border border-slate-200 bg-white px-3 py-3 text-sm text-slate-700 shadow-lg"
        >
          No results found
        </p>
      ) : null}
    </form>
  );
}
