import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartChangeResponseSchema,
  cartChangeSchema,
  cartMergeResponseSchema,
  cartMergeSchema,
  cartResponseSchema,
  errorResponseSchema,
  messageResponseSchema,
} from '@pharmacy/shared';
import { NotFoundError } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import type { CartService } from './cart.service';

const tags = ['cart'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const positiveId = z.coerce.number().int().positive();

/** A cart belongs to its owner alone: another user's id answers 404, never revealing anything. */
function ownUserId(sessionUserId: number, requested: number): number {
  if (requested !== sessionUserId) throw new NotFoundError('No cart found.');
  return sessionUserId;
}

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.get(
    '/cart/all/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My cart with its totals',
        params: z.object({ userId: positiveId }),
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (request) =>
      cart.getCart(ownUserId(requireSession(request).userId, request.params.userId)),
  );

  app.post(
    '/cart',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Add a product, or step its count by quantity (+1 / -1)',
        body: cartChangeSchema,
        response: { 200: cartChangeResponseSchema, ...errors },
      },
    },
    async (request) =>
      cart.change(requireSession(request).userId, request.body.productId, request.body.quantity),
  );

  app.post(
    '/cart/merge',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Merge the guest cart kept in the browser into my cart (on sign-in)',
        body: cartMergeSchema,
        response: { 200: cartMergeResponseSchema, ...errors },
      },
    },
    async (request) => cart.merge(requireSession(request).userId, request.body.items),
  );

  app.delete(
    '/cart/remove/:productId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove a product from my cart',
        params: z.object({ productId: positiveId }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => cart.removeProduct(requireSession(request).userId, request.params.productId),
  );

  app.delete(
    '/cart/count/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Empty my cart (id is my user id)',
        params: z.object({ id: positiveId }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await cart.clear(ownUserId(requireSession(request).userId, request.params.id));
      return { message: 'Your cart is now empty' };
    },
  );

  app.delete(
    '/cart/:cartItemId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'One unit less of a cart line; the last unit removes it',
        params: z.object({ cartItemId: positiveId }),
        response: { 200: cartChangeResponseSchema, ...errors },
      },
    },
    async (request) => cart.decrement(requireSession(request).userId, request.params.cartItemId),
  );
};
