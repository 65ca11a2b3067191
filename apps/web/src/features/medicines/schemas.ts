/**
 * Response schemas of the medicine pages, loaded on demand by the api/ fetchers (SchemaSource in
 * lib/api-client), so zod is not part of the page's first download.
 */
export { medicinePageSchema } from '@pharmacy/shared';
