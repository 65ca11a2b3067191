import { describeFuzzGroup } from './support/fuzz-group';

/**
 * Issue 15 · fuzzing: the stock routes (goods receipts, batches, the ledger, reorder levels,
 * adjustments, write-offs, recalls and the recall lists, low stock, near expiry).
 */
describeFuzzGroup('inventory');
