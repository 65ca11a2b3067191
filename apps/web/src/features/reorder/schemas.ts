/**
 * Response schema of buy again, loaded on demand by the api/ fetcher (SchemaSource) so zod is not
 * part of the first download.
 */
export { buyAgainResponseSchema } from '@pharmacy/shared';
