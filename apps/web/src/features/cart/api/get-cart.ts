import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartItem, CartResponse } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { queryKeyRoots } from '../../../lib/query-keys';
import type { Cart, CartLine } from '../types';

/** Cart keys start with 'user', so signing out drops the cart with the rest of the user's data. */
export const cartKeys = {
  all: queryKeyRoots.cart,
  detail: (userId: number) => [...cartKeys.all, userId] as const,
};

export function toCartLine(item: CartItem): CartLine {
  const { product } = item;
  return {
    productId: item.productId,
    cartItemId: item.id,
    count: item.count,
    product: {
      id: product.id,
      name: product.name,
      offerPrice: product.offerPrice,
      maximumRetailPrice: product.maximumRetailPrice,
      quantity: product.quantity,
      prescription: product.prescription,
      maxUnitsPerOrder: product.maxUnitsPerOrder,
      onlineSale: product.schedule.onlineSale,
      saltComposition: product.saltComposition,
      images: product.images,
    },
  };
}

export function toCart(
  response: Pick<CartResponse, 'cartItems' | 'summary'> &
    Partial<Pick<CartResponse, 'interactions'>>,
): Cart {
  const cart: Cart = { lines: response.cartItems.map(toCartLine), summary: response.summary };
  if (response.interactions) cart.interactions = response.interactions;
  return cart;
}

/** GET /api/cart/all/{userId} (spec §7): the signed-in user's own cart with its totals. */
export async function getCart(userId: number, signal?: AbortSignal): Promise<Cart> {
  const response = await api.get(`/cart/all/${userId}`, {
    schema: () => import('../schemas').then((m) => m.cartResponseSchema),
    signal,
  });
  return toCart(response);
}

export const cartQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: cartKeys.detail(userId),
    queryFn: ({ signal }) => getCart(userId, signal),
    staleTime: 30_000,
  });

/** The server cart; idle until the user id is known (it follows the profile after sign-in). */
export function useServerCart(userId: number | null) {
  return useQuery({ ...cartQueryOptions(userId ?? 0), enabled: userId !== null });
}
