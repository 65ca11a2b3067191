import { useShopSettings } from '../../lib/shop-settings';

/** React 19 hoists <title> into the head, so each page names itself for tabs and screen readers. */
export function DocumentTitle({ title }: { title?: string }) {
  const { shopName } = useShopSettings();
  return <title>{title ? `${title} | ${shopName}` : `${shopName} – Your Online Pharmacy`}</title>;
}
