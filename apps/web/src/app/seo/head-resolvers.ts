import { resolveMedicinePageHead } from '../../features/medicines/medicine-page-head';
import type { PageHeadContext, ResolvedPage } from './page-heads';

/**
 * Heads of pages that belong to other features (the medicine information pages), tried before
 * the catalogue's own. Each answers undefined for a path that is not its own.
 */
export const headResolvers: readonly ((context: PageHeadContext) => ResolvedPage | undefined)[] = [
  resolveMedicinePageHead,
];
