import { useLayoutEffect } from 'react';
import { useShopSettings } from '../../lib/shop-settings';

/**
 * Each page names itself for tabs and screen readers. Set through document.title rather than a
 * rendered <title>: only React 19 hoists <title> into the head, and the browser build runs on
 * preact/compat (vite.config.ts), where a rendered <title> would stay in the body, unused.
 */
export function DocumentTitle({ title }: { title?: string }) {
  const { shopName } = useShopSettings();
  const text = title ? `${title} | ${shopName}` : `${shopName} – Your Online Pharmacy`;
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
