/**
 * Issue 32: the screen after an account is deleted. Outside paths.ts on purpose: it is neither a
 * page to crawl nor one behind a sign-in (the customer was just signed out), and holds nothing
 * personal (the answer rides in the history entry, not the address).
 */
export const ACCOUNT_DELETED_PATH = '/account-deleted';
