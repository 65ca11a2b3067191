/**
 * Response schemas the app shell validates with, loaded on demand (see SchemaSource in
 * api-client) so zod is not part of the first download.
 */
export { profileSchema, shopSettingsSchema } from '@pharmacy/shared';
