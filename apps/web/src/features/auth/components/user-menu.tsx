import { ChevronDown, CircleUserRound } from 'lucide-react';
import { useCallback, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDismiss } from '../../../hooks/use-dismiss';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';

interface MenuEntry {
  label: string;
  to?: string;
  onSelect?: () => void;
}

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-800 focus:bg-brand-50 focus:text-brand-800 focus:outline-none';

/**
 * Spec §2 header user menu: the user's name or 'Login'. Signed out: 'Login' and 'Sign Up'. Signed
 * in: 'Dashboard' (staff) or 'Settings', and 'Sign Out' (clears the session, goes to /). Closes on
 * an outside click, on Escape and after a choice; arrow keys move between the entries.
 */
export function UserMenu() {
  const { status, profile, isStaff, signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const pendingFocus = useRef<number | null>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const onDismiss = useCallback(
    (reason: 'outside' | 'escape') => close(reason === 'escape'),
    [close],
  );
  useDismiss(rootRef, open, onDismiss);

  const entries: MenuEntry[] =
    status === 'anonymous'
      ? [
          { label: 'Login', to: paths.login.getHref('login') },
          { label: 'Sign Up', to: paths.login.getHref('signup') },
        ]
      : [
          ...(status === 'authenticated'
            ? [{ label: isStaff ? 'Dashboard' : 'Settings', to: paths.dashboard.root.getHref() }]
            : []),
          {
            label: 'Sign Out',
            onSelect: () => {
              signOut();
              navigate(paths.home.getHref());
            },
          },
        ];

  const label =
    status === 'authenticated' && profile
      ? profile.name
      : status === 'loading'
        ? 'Account'
        : 'Login';

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const focusItem = (index: number) => {
    const list = items();
    if (list.length === 0) return;
    list[(index + list.length) % list.length]?.focus();
  };

  const openMenu = (focusIndex: number) => {
    pendingFocus.current = focusIndex;
    setOpen(true);
  };

  // The menu renders on the update that opens it; focus the requested entry in that same commit,
  // so a key pressed right after opening already reaches the menu.
  useLayoutEffect(() => {
    if (!open || pendingFocus.current === null) return;
    const list = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    list.at(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 0 : -1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(-1);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openMenu(0))}
        onKeyDown={onButtonKeyDown}
        className="inline-flex h-10 max-w-44 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-white sm:max-w-56"
      >
        <CircleUserRound aria-hidden="true" className="size-5 shrink-0" />
        <span className="sr-only truncate sm:not-sr-only">{label}</span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label === 'Login' ? 'Account' : label}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          {entries.map((entry) => (
            <li key={entry.label} role="none">
              {entry.to ? (
                <Link
                  role="menuitem"
                  to={entry.to}
                  tabIndex={-1}
                  className={itemClass}
                  onClick={() => setOpen(false)}
                >
                  {entry.label}
                </Link>
              ) : (
                <button
                  role="menuitem"
                  type="button"
                  tabIndex={-1}
                  className={itemClass}
                  onClick={() => {
                    setOpen(false);
                    entry.onSelect?.();
                  }}
                >
                  {entry.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
