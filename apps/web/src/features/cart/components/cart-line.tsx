import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney, lineTotal } from '@pharmacy/shared';
import { PrescriptionRequiredTag } from '../../../components/ui/prescription-tag';
import { paths } from '../../../config/paths';
import { bindingOrderLimit, cartImageUrl } from '../lib/cart-rules';
import type { CartLine } from '../types';
import { limitText, QuantityStepper } from './quantity-stepper';

/**
 * Spec §2 cart line: image, name linking to the product, price, quantity stepper and remove.
 * Issue 16: 'Prescription required' on prescription medicine, and the per-order limit said once
 * the count reaches it.
 */
export function CartLineItem({
  line,
  currencySymbol,
  busy,
  onStep,
  onRemove,
  onNavigate,
}: {
  line: CartLine;
  currencySymbol: string;
  busy: boolean;
  onStep: (delta: 1 | -1) => void;
  onRemove: () => void;
  onNavigate: () => void;
}) {
  const { product, count } = line;
  const discounted = product.maximumRetailPrice > product.offerPrice;
  const limit = bindingOrderLimit(product);
  return (
    <li className="flex gap-3 py-4">
      <img
        src={cartImageUrl(product)}
        alt={product.name}
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="size-16 shrink-0 rounded-lg border border-slate-200 bg-slate-50 object-contain p-1"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <Link
            to={paths.product.getHref(product.id)}
            onClick={onNavigate}
            className="line-clamp-2 text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline"
          >
            {product.name}
          </Link>
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${product.name} from cart`}
            title="Remove"
            className="-mt-1 -mr-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-red-50 hover:text-red-700"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-slate-900">
            {formatMoney(product.offerPrice, currencySymbol)}
          </span>
          {discounted ? (
            <span className="text-xs text-slate-500 line-through">
              <span className="sr-only">MRP </span>
              {formatMoney(product.maximumRetailPrice, currencySymbol)}
            </span>
          ) : null}
        </p>
        {product.prescription ? <PrescriptionRequiredTag /> : null}
        <div className="mt-1 flex items-center justify-between gap-2">
          <QuantityStepper
            name={product.name}
            count={count}
            stock={product.quantity}
            limit={product.maxUnitsPerOrder}
            busy={busy}
            onStep={onStep}
          />
          <p className="text-sm font-semibold text-slate-900">
            <span className="sr-only">Line total </span>
            {formatMoney(lineTotal(product.offerPrice, count), currencySymbol)}
          </p>
        </div>
        {limit !== null && count >= limit ? (
          <p className="text-xs text-slate-600">{limitText(limit)}</p>
        ) : null}
      </div>
    </li>
  );
}
