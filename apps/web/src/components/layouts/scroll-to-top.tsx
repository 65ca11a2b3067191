import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Scroll handling of React Router's <ScrollRestoration>, which needs the data router (see
 * AppErrorBoundary for why the app does not use it): a new navigation starts at the top of the
 * page, or at its #hash; back and forward are left to the browser, which restores the position
 * of that history entry itself.
 */
export function ScrollToTop() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (navigationType === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, hash, navigationType]);

  return null;
}
