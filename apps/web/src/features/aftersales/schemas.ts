/**
 * Response schemas of the after-sales calls, loaded on demand by the api/ fetchers (SchemaSource)
 * so zod is not part of the first download of the order pages.
 */
export {
  addressListResponseSchema,
  cancelOrderResponseSchema,
  orderAfterSalesSchema,
  orderUpdateResponseSchema,
} from '@pharmacy/shared';
