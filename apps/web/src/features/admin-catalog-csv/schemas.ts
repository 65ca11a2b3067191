/** Response schemas, loaded with the request that needs them (keeps zod out of the first download). */
export { catalogImportPreviewSchema, catalogImportResultSchema } from '@pharmacy/shared';
