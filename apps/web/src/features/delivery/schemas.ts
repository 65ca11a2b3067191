/**
 * Response schemas of the delivery endpoints, loaded on demand by the api/ fetchers (zod is not
 * part of the first download); the shared schemas the server answers with.
 */
export { addressListResponseSchema, deliveryEstimateSchema } from '@pharmacy/shared';
