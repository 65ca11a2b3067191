/**
 * Response schemas of the refill calls, loaded on demand by the api/ fetchers (SchemaSource) so
 * zod is not part of the first download of the pages that use them.
 */
export {
  messageResponseSchema,
  refillAddToCartResponseSchema,
  refillListSchema,
  refillOrderOptionsSchema,
  refillResponseSchema,
  refillUnsubscribeResponseSchema,
} from '@pharmacy/shared';
