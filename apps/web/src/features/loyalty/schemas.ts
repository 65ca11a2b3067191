/**
 * Response schema of the loyalty call, loaded on demand by the api/ fetcher (SchemaSource) so
 * zod is not part of the first download of the Rewards page.
 */
export { loyaltySummarySchema } from '@pharmacy/shared';
