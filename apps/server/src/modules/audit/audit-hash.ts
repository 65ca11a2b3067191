import { createHash } from 'node:crypto';
import { AUDIT_GENESIS_HASH } from '@pharmacy/shared';

export { AUDIT_GENESIS_HASH };

/** The fields of an entry that its hash covers, as they are stored and read back. */
export interface HashedAuditFields {
  id: number;
  /** ISO 8601 with milliseconds, e.g. 2026-05-01T10:20:30.123Z. */
  occurredAt: string;
  actorUserId: number | null;
  action: string;
  entityType: string;
  entityId: string;
  details: Record<string, unknown>;
  prevHash: string;
}

/**
 * JSON with every object's keys in code-point order and no spaces: the same value always gives
 * the same text, whatever order its keys were written in or PostgreSQL's jsonb gave them back.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    // undefined, functions and symbols have no JSON form; details are normalised before this.
    if (text === undefined) throw new TypeError('Audit details must be JSON values');
    return text;
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/**
 * Details as they will read back from the jsonb column: Dates become ISO strings, undefined
 * members disappear, numbers take their JSON form (BigInt and cycles are refused).
 */
export function normalizeDetails(details: Record<string, unknown>): Record<string, unknown> {
  const text = JSON.stringify(details);
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new TypeError('Audit details must be an object');
  }
  // jsonb refuses the NUL character in strings; fail here with a clear reason instead.
  if (text.includes('\\u0000')) throw new TypeError('Audit details may not contain NUL');
  return parsed as Record<string, unknown>;
}

/** SHA-256 (hex) over the canonical JSON of the entry's content and the previous hash. */
export function auditEntryHash(fields: HashedAuditFields): string {
  const payload = canonicalJson({
    v: 1,
    id: fields.id,
    occurredAt: fields.occurredAt,
    actorUserId: fields.actorUserId,
    action: fields.action,
    entityType: fields.entityType,
    entityId: fields.entityId,
    details: fields.details,
    prevHash: fields.prevHash,
  });
  return createHash('sha256').update(payload, 'utf8').digest('hex');
}
