import type { QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@pharmacy/shared';
import { ApiError, isAbortError } from '../../../lib/api-client';
import { cartKeys } from '../api/get-cart';
import type { Cart, CartLine, CartProduct } from '../types';
import { cartOf } from './cart-rules';

/** Every cart change carries this key, so the cart reloads once the last of them has settled. */
export const cartMutationKey = ['cart', 'change'] as const;

export interface CartSnapshot {
  previous: Cart | undefined;
}

/**
 * Applies a change to the cached cart at once (the shopper sees it immediately) and returns what
 * to restore if the server refuses it.
 */
export async function applyOptimistic(
  queryClient: QueryClient,
  userId: number | null,
  update: (lines: CartLine[]) => CartLine[],
): Promise<CartSnapshot> {
  if (userId === null) return { previous: undefined };
  const key = cartKeys.detail(userId);
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<Cart>(key);
  if (previous) {
    const next = cartOf(update(previous.lines));
    const interactions = stillInCart(previous.interactions, next.lines);
    queryClient.setQueryData<Cart>(key, interactions ? { ...next, interactions } : next);
  }
  return { previous };
}

/**
 * Issue 31: until the server checks the changed cart again, the interactions whose products are
 * all still in it stay on screen (a quantity change does not make the advice blink away).
 */
function stillInCart(
  interactions: Cart['interactions'],
  lines: readonly CartLine[],
): Cart['interactions'] {
  if (!interactions) return undefined;
  const inCart = new Set(lines.map((line) => line.productId));
  const present = (productId: number | null) => productId !== null && inCart.has(productId);
  return interactions.filter((finding) =>
    finding.between.every(
      (pair) =>
        present(pair.line.productId) && (pair.with.kind !== 'line' || present(pair.with.productId)),
    ),
  );
}

export function rollback(queryClient: QueryClient, userId: number | null, snapshot?: CartSnapshot) {
  if (userId !== null && snapshot?.previous) {
    queryClient.setQueryData(cartKeys.detail(userId), snapshot.previous);
  }
}

/** Spec §4: the cart is reloaded from the server after each change (once the last one settles). */
export function reloadCartWhenIdle(queryClient: QueryClient): Promise<void> | undefined {
  if (queryClient.isMutating({ mutationKey: cartMutationKey }) > 1) return undefined;
  return queryClient.invalidateQueries({ queryKey: cartKeys.all });
}

/** Spec §8: cart failures carry the server's message, else 'Failed to add item to cart'. */
export function cartErrorMessage(error: unknown): string | null {
  if (isAbortError(error)) return null;
  if (error instanceof ApiError) {
    if (error.handled) return null; // the 401 'Please login' toast already said it
    if (error.statusCode > 0 && error.message && error.message !== MESSAGES.somethingWentWrong) {
      return error.message;
    }
  }
  return MESSAGES.failedToAddToCart;
}

/** Adds units to a line, or a new line with the product's snapshot. */
export function addUnits(lines: CartLine[], product: CartProduct, quantity: number): CartLine[] {
  const existing = lines.find((line) => line.productId === product.id);
  if (!existing) {
    return [...lines, { productId: product.id, cartItemId: null, count: quantity, product }];
  }
  return lines.map((line) =>
    line.productId === product.id ? { ...line, count: Math.max(1, line.count + quantity) } : line,
  );
}
