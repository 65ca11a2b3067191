/**
 * The newsletter's rule and answer, loaded on demand (the form in the footer of every page must not
 * bring zod into the first download). They are the shared schemas the server checks with
 * (packages/shared/src/schemas/site.ts).
 */
export { messageResponseSchema, newsletterSchema } from '@pharmacy/shared';
