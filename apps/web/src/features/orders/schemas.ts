/**
 * Response schemas of the order calls, loaded on demand by the api/ fetchers (SchemaSource) so
 * zod is not part of the first download.
 */
export {
  orderDetailResponseSchema,
  orderListResponseSchema,
  orderUpdateResponseSchema,
  prescriptionListResponseSchema,
} from '@pharmacy/shared';
