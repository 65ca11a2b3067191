import { ShoppingCart, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input } from '../../../components/ui/form-field';
import { bindingOrderLimit, capMessage, lineCap } from '../lib/cart-rules';
import { useCartLine, useCartLinePending } from '../hooks/use-cart';
import { useCartActions } from '../hooks/use-cart-actions';
import { openCartDrawer } from '../hooks/use-cart-drawer';
import { QUANTITY_MIN_TEXT } from '../texts';
import type { CartProduct } from '../types';
import { limitText, QuantityStepper } from './quantity-stepper';

/**
 * Spec §2 product card: a product in the cart shows Remove, minus, the count and plus; otherwise
 * 'Add' (the card's call to action, in the accent colour). Out of stock is the card's own button;
 * a product not sold online (issue 16, Schedule X) gets no control at all: the card says why.
 */
export function ProductCardCartControls({ product }: { product: CartProduct }) {
  const line = useCartLine(product.id);
  const busy = useCartLinePending(product.id);
  const actions = useCartActions();

  if (!product.onlineSale) return null;

  if (!line) {
    return (
      <Button
        variant="accent"
        size="sm"
        className="w-full"
        aria-label={`Add ${product.name} to cart`}
        icon={<ShoppingCart aria-hidden="true" className="size-4" />}
        onClick={() => actions.add(product, 1)}
      >
        Add
      </Button>
    );
  }

  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={() => actions.remove(line)}
        aria-label={`Remove ${product.name} from cart`}
        title="Remove"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
      <QuantityStepper
        name={product.name}
        count={line.count}
        stock={line.product.quantity}
        limit={line.product.maxUnitsPerOrder}
        busy={busy}
        onStep={(delta) => actions.step(line, delta)}
        className="flex-1"
      />
    </div>
  );
}

/**
 * Spec §5 quantity: a whole number from 1 to the stock and (issue 16) the per-order limit, with
 * the sentence of whichever stops it; the input keeps digits only.
 */
export function quantityError(
  text: string,
  product: Pick<CartProduct, 'name' | 'quantity' | 'maxUnitsPerOrder'>,
): string | null {
  const value = Number(text);
  if (text === '' || !Number.isInteger(value) || value < 1) return QUANTITY_MIN_TEXT;
  if (value > lineCap(product)) return capMessage(product);
  return null;
}

/**
 * Spec §2 product page: a quantity input and 'Add To Cart'; once the product is in the cart the
 * quantity is locked at the cart's count and the button becomes 'Remove From Cart'. Issue 16: the
 * quantity stops at the per-order limit, said under the field ('Limited to 2 per order').
 */
export function ProductPageCartControls({ product }: { product: CartProduct }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const line = useCartLine(product.id);
  const actions = useCartActions();
  const [text, setText] = useState('1');
  const [touched, setTouched] = useState(false);
  const cap = lineCap(product);
  const limit = bindingOrderLimit(product);

  if (!product.onlineSale) return null;

  if (cap < 1) {
    return (
      <Button variant="secondary" size="lg" disabled title="This product is out of stock">
        Out Of Stock
      </Button>
    );
  }

  const error = line ? null : quantityError(text, product);
  const showError = error !== null && (touched || text !== '');
  const describedBy = [limit !== null ? hintId : null, showError ? errorId : null]
    .filter(Boolean)
    .join(' ');

  const add = () => {
    setTouched(true);
    if (error) return;
    actions.add(product, Number(text));
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex w-24 flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Quantity
          </label>
          <Input
            id={inputId}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={line ? String(line.count) : text}
            disabled={Boolean(line)}
            aria-invalid={showError || undefined}
            aria-describedby={describedBy || undefined}
            onChange={(event) => {
              const digits = event.target.value.replace(/\D/g, '');
              // A refused character leaves the state as it was, so nothing re-renders (with
              // preact/compat, see vite.config.ts) to take it out of the field: do it here.
              if (digits !== event.target.value) event.target.value = digits;
              setText(digits);
            }}
            onBlur={() => setTouched(true)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') add();
            }}
          />
        </div>
        {line ? (
          <Button
            variant="secondary"
            size="lg"
            icon={<Trash2 aria-hidden="true" className="size-5" />}
            onClick={() => actions.remove(line)}
          >
            Remove From Cart
          </Button>
        ) : (
          <Button
            variant="accent"
            size="lg"
            icon={<ShoppingCart aria-hidden="true" className="size-5" />}
            onClick={add}
            disabled={error !== null}
            title={error ?? undefined}
          >
            Add To Cart
          </Button>
        )}
      </div>
      {limit !== null ? (
        <p id={hintId} className="text-sm text-slate-700">
          {limitText(limit)}
        </p>
      ) : null}
      {showError ? <FieldError id={errorId}>{error}</FieldError> : null}
      {line ? (
        <p className="text-sm text-slate-700">
          {line.count} in your cart.{' '}
          <button
            type="button"
            onClick={openCartDrawer}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            View cart
          </button>
        </p>
      ) : null}
    </div>
  );
}
