/**
 * Response schemas of the privacy calls, loaded on demand by the api/ fetchers (SchemaSource) so
 * zod is not part of the first download of the pages that use them.
 */
export {
  consentsResponseSchema,
  deleteAccountResponseSchema,
  signOutEverywhereResponseSchema,
  unsubscribeResponseSchema,
} from '@pharmacy/shared';
