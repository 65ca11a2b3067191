import { FileText, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney, lineTotal } from '@pharmacy/shared';
import { paths } from '../../../config/paths';
import { cartImageUrl } from '../lib/cart-rules';
import type { CartLine } from '../types';
import { QuantityStepper } from './quantity-stepper';

/** Spec §2 cart line: image, name linking to the product, price, quantity stepper and remove. */
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
          {product.prescription ? (
            <span className="inline-flex items-center gap-1 rounded-md bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-800">
              <FileText aria-hidden="true" className="size-3" />
              Rx<span className="sr-only">: Prescription required</span>
            </span>
          ) : null}
        </p>
        <div className="mt-1 flex items-center justify-between gap-2">
          <QuantityStepper
            name={product.name}
            count={count}
            stock={product.quantity}
            busy={busy}
            onStep={onStep}
          />
          <p className="text-sm font-semibold text-slate-900">
            <span className="sr-only">Line total </span>
            {formatMoney(lineTotal(product.offerPrice, count), currencySymbol)}
          </p>
        </div>
      </div>
    </li>
  );
}
