import { and, asc, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auditLog, users, type NewAuditLogRow } from '../../db/schema/index';

/**
 * The one lock every append takes, held to the end of the appending transaction: appends of
 * several instances on one PostgreSQL happen one after another, so each reads the true last
 * entry and the chain never forks. (Other keys: 72010000 migrations, 72010015 stock horizon.)
 */
const AUDIT_APPEND_LOCK_KEY = 72_010_016;

/** The action of the health-data access log's entries. */
export const HEALTH_ACCESSED = 'health.accessed';

export async function lockChain(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(AUDIT_APPEND_LOCK_KEY))})`);
}

/** The chain's last entry (its position, time and hash), or undefined for an empty log. */
export async function lastEntry(tx: DbOrTx) {
  const [row] = await tx
    .select({ id: auditLog.id, occurredAt: auditLog.occurredAt, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

export async function insertEntry(tx: DbOrTx, row: NewAuditLogRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/** Entries after a position, in chain order: one page of the verification walk. */
export function entriesAfter(db: DbOrTx, afterId: number, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(gt(auditLog.id, afterId))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

export interface AuditFilter {
  action?: string | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
}

function filterWhere(filter: AuditFilter): SQL | undefined {
  return and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
  );
}

/** One page of the log, newest first, with the actor's current name and e-mail. */
export async function listEntries(db: DbOrTx, filter: AuditFilter, page: number, pageSize: number) {
  const where = filterWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        occurredAt: auditLog.occurredAt,
        actorUserId: auditLog.actorUserId,
        actorName: users.name,
        actorEmail: users.email,
        action: auditLog.action,
        entityType: auditLog.entityType,
        entityId: auditLog.entityId,
        details: auditLog.details,
        hash: auditLog.hash,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}

export interface HealthAccessFilter {
  actorUserId?: number | undefined;
  customerId?: number | undefined;
}

/**
 * One page of the health-data access log (issue 32 point 4), newest first, with the names of
 * the person who opened and of the customer as they are now. Filtering by customer reads the
 * (entity_type, entity_id, id desc) index, by person the (actor_user_id, id desc) one.
 */
export async function listHealthAccess(
  db: DbOrTx,
  filter: HealthAccessFilter,
  page: number,
  pageSize: number,
) {
  const actor = alias(users, 'actor');
  const customer = alias(users, 'customer');
  const where = and(
    eq(auditLog.action, HEALTH_ACCESSED),
    eq(auditLog.entityType, 'customer'),
    filter.customerId === undefined ? undefined : eq(auditLog.entityId, String(filter.customerId)),
    filter.actorUserId === undefined ? undefined : eq(auditLog.actorUserId, filter.actorUserId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        occurredAt: auditLog.occurredAt,
        actorUserId: auditLog.actorUserId,
        actorName: actor.name,
        actorEmail: actor.email,
        actorRoleId: actor.roleId,
        customerId: auditLog.entityId,
        customerName: customer.name,
        customerEmail: customer.email,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .leftJoin(customer, eq(sql`${customer.id}::text`, auditLog.entityId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}
