export type { PageHead } from '../../lib/page-head';
