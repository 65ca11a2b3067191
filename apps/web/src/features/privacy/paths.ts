import { paths } from '../../config/paths';

/** Issue 32: the screen after an account is deleted (paths.ts, private to crawlers). */
export const ACCOUNT_DELETED_PATH = paths.accountDeleted.path;
