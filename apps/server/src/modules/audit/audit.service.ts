import {
  defaultPagination,
  type AuditAction,
  type AuditListQuery,
  type AuditListResponse,
  type AuditMismatch,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import type { AuditLogRow } from '../../db/schema/index';
import { AUDIT_GENESIS_HASH, auditEntryHash, normalizeDetails } from './audit-hash';
import * as repository from './audit.repository';
import { beforeCommit } from '../../db/before-commit';

export type { AuditAction };

export interface AuditEntryInput {
  /** Who made the change; null for the system (start-up, a scheduled job). */
  actorUserId: number | null;
  action: AuditAction;
  /** What was changed: 'order', 'prescription', 'product', 'stock_batch', 'user', … */
  entityType: string;
  entityId: string | number;
  /** What changed, as JSON (old and new values; money in minor units). */
  details: Record<string, unknown>;
}

/**
 * Appends one entry to the audit chain, in the caller's transaction: pass the transaction that
 * makes the change, so the entry is written exactly when the change is (a rolled-back change
 * leaves no entry). The append itself waits until the end of that transaction (db/before-commit):
 * it takes the chain's lock, which is then held only from the append to the commit; appends are
 * serialised across every instance (docs/security.md, "Audit chain"). Entries of one transaction
 * keep the order they were recorded in.
 */
export async function recordAudit(
  tx: DbOrTx,
  entry: {
    actorUserId: number | null;
    action: AuditAction;
    entityType: string;
    entityId: string | number;
    details: Record<string, unknown>;
  },
): Promise<void> {
  // Normalised now: the details must be what they were when recorded, not at commit.
  const recorded = { ...entry, details: normalizeDetails(entry.details) };
  if (!beforeCommit(tx, () => appendEntry(tx, recorded))) await appendEntry(tx, recorded);
}

/** Writes one entry whose details are already normalised, with the chain's lock. */
async function appendEntry(tx: DbOrTx, entry: AuditEntryInput): Promise<void> {
  const { details } = entry;
  await repository.lockChain(tx);
  const last = await repository.lastEntry(tx);
  const id = (last?.id ?? 0) + 1;
  const prevHash = last?.hash ?? AUDIT_GENESIS_HASH;
  // Milliseconds, made here: timestamptz keeps microseconds, and what is hashed must be exactly
  // what reads back. Never before the previous entry, so time order is chain order even when
  // instances' clocks differ a little.
  const occurredAt = new Date(Math.max(Date.now(), last?.occurredAt.getTime() ?? 0));
  const entityId = String(entry.entityId);
  const hash = auditEntryHash({
    id,
    occurredAt: occurredAt.toISOString(),
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: entry.entityType,
    entityId,
    details,
    prevHash,
  });
  await repository.insertEntry(tx, {
    id,
    occurredAt,
    actorUserId: entry.actorUserId,
    action: entry.action,
    entityType: entry.entityType,
    entityId,
    details,
    prevHash,
    hash,
  });
}

export interface AuditVerification {
  ok: boolean;
  /** Entries that matched: all of them when ok, those before the first mismatch otherwise. */
  entries: number;
  /** The hash of the last entry that matched; the genesis hash (64 zeros) for an empty log. */
  headHash: string;
  firstMismatch?: AuditMismatch;
}

const VERIFY_PAGE_SIZE = 1000;

/** Why a stored entry does not fit the chain, or null when it does. */
function mismatchReason(row: AuditLogRow, expectedId: number, prevHash: string): string | null {
  if (row.id !== expectedId) {
    return expectedId === row.id - 1
      ? `entry #${expectedId} is missing`
      : `entries #${expectedId} to #${row.id - 1} are missing`;
  }
  if (row.prevHash !== prevHash) {
    return expectedId === 1
      ? 'its previous hash is not the genesis hash'
      : `its previous hash does not match entry #${expectedId - 1}`;
  }
  const computed = auditEntryHash({
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actorUserId: row.actorUserId,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    details: row.details,
    prevHash: row.prevHash,
  });
  if (computed !== row.hash) return 'its content does not match its hash';
  return null;
}

/**
 * Walks the whole log in chain order, a page at a time (a million entries never sit in memory),
 * recomputing every hash. Stops at the first entry that no longer matches and names it.
 */
export async function verifyAuditChain(db: DbOrTx): Promise<AuditVerification> {
  let headHash = AUDIT_GENESIS_HASH;
  let entries = 0;
  let lastId = 0;
  for (;;) {
    const page = await repository.entriesAfter(db, lastId, VERIFY_PAGE_SIZE);
    for (const row of page) {
      const reason = mismatchReason(row, lastId + 1, headHash);
      if (reason) {
        return {
          ok: false,
          entries,
          headHash,
          firstMismatch: {
            id: row.id,
            occurredAt: row.occurredAt.toISOString(),
            action: row.action,
            reason,
          },
        };
      }
      headHash = row.hash;
      lastId = row.id;
      entries += 1;
    }
    if (page.length < VERIFY_PAGE_SIZE) return { ok: true, entries, headHash };
  }
}

/**
 * Checks a head recorded earlier outside the database (`audit:verify` prints it as `id:hash`):
 * the entry at that position must still exist with that hash. This is what catches the newest
 * entries being removed, or the whole chain being rewritten, which the chain alone cannot show.
 */
export async function checkAuditAnchor(
  db: DbOrTx,
  anchor: { id: number; hash: string },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const [row] = await repository.entriesAfter(db, anchor.id - 1, 1);
  if (!row || row.id !== anchor.id)
    return { ok: false, reason: `entry #${anchor.id} of the recorded head is gone` };
  if (row.hash !== anchor.hash.toLowerCase())
    return { ok: false, reason: `entry #${anchor.id} no longer has the recorded hash` };
  return { ok: true };
}

/** A page of the log for the admin screen, newest first. */
export async function listAudit(db: DbOrTx, query: AuditListQuery): Promise<AuditListResponse> {
  const { rows, rowCount } = await repository.listEntries(db, query, query.page, query.pageSize);
  return {
    entries: rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })),
    pagination: {
      ...defaultPagination,
      page: query.page,
      pageSize: query.pageSize,
      rowCount,
      pageCount: Math.ceil(rowCount / query.pageSize),
    },
  };
}
