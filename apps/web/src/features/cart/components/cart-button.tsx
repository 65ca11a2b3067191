import { ShoppingCart } from 'lucide-react';
import { cartBadgeText, cartLabel } from '@pharmacy/shared';

/** Spec §2 cart icon: badge with the count ('99+' from 99) and an accessible label. */
export function CartButton({
  count,
  onClick,
  onPreload,
  expanded,
}: {
  count: number;
  onClick: () => void;
  /** Called when a click is likely (pointer over the button, or focus on it). */
  onPreload?: () => void;
  expanded?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      onPointerEnter={onPreload}
      onFocus={onPreload}
      aria-label={cartLabel(count)}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-white hover:bg-brand-800 focus-visible:outline-white"
    >
      <ShoppingCart aria-hidden="true" className="size-6" />
      <span
        aria-hidden="true"
        className="absolute -top-1 -right-1 min-w-5 rounded-full bg-accent-700 px-1 text-center text-xs leading-5 font-bold text-white ring-2 ring-brand-700"
      >
        {cartBadgeText(count)}
      </span>
    </button>
  );
}
