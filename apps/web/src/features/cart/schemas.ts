/**
 * Response schemas of the cart and order placement calls, loaded on demand by the api/ fetchers
 * (SchemaSource) so zod is not part of the first download.
 */
export {
  cartChangeResponseSchema,
  cartMergeResponseSchema,
  cartResponseSchema,
  messageResponseSchema,
  placeOrderResponseSchema,
} from '@pharmacy/shared';
