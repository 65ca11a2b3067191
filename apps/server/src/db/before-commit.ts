import type { Database, DbOrTx, Transaction } from './types';

/**
 * Work a transaction does last, just before it commits. The audit chain's append takes one lock
 * that every writing transaction of every instance queues on (modules/audit); taken in the middle
 * of a transaction it was held through everything after it (an invoice, a mail, other modules'
 * hooks), and at 16 shoppers 12 waited on it (docs/performance.md, n1–n3). Deferred to the end it
 * is held for the append alone. Still in the same transaction: a rollback writes nothing.
 */
const pending = new WeakMap<object, Array<() => Promise<void>>>();

/**
 * Runs `work` right before `tx` commits, after the transaction's own callback, in the order
 * registered. Answers false (and does nothing) when `tx` is not a transaction opened by a
 * database from `withBeforeCommit` — the caller then does the work at once.
 */
export function beforeCommit(tx: DbOrTx, work: () => Promise<void>): boolean {
  const queue = pending.get(tx);
  if (!queue) return false;
  queue.push(work);
  return true;
}

/** The database with `transaction` running each transaction's before-commit work at its end. */
export function withBeforeCommit(db: Database): Database {
  const open = db.transaction.bind(db);
  const transaction: Database['transaction'] = (run, config) =>
    open(async (tx: Transaction) => {
      const queue: Array<() => Promise<void>> = [];
      pending.set(tx, queue);
      const result = await run(tx);
      // Work may queue more work (an audit entry of a hook); run until none is left.
      for (let index = 0; index < queue.length; index += 1)
        await (queue[index] as () => Promise<void>)();
      return result;
    }, config);
  return Object.assign(db, { transaction });
}
