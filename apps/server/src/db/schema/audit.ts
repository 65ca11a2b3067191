import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 16 point 7, docs/security.md "Audit chain"): one row per recorded
 * change, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and hash-chained: each
 * row's hash covers its own content and the previous row's hash. id is the chain position,
 * 1, 2, 3… without gaps, given by the writer under a lock (not a sequence, whose values may be
 * skipped by rolled-back transactions). No foreign key on the actor: a user's deletion must not
 * touch (and so break) the rows that name them.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey(),
    /** Written from JavaScript at millisecond precision, so what is hashed is what is read back. */
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull(),
    actorUserId: integer('actor_user_id'),
    action: varchar('action', { length: 60 }).notNull(),
    entityType: varchar('entity_type', { length: 40 }).notNull(),
    entityId: varchar('entity_id', { length: 80 }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (t) => [
    check('audit_log_id_check', sql`${t.id} > 0`),
    check('audit_log_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('audit_log_prev_hash_check', sql`${t.prevHash} ~ '^[0-9a-f]{64}$'`),
    index('audit_log_action_id_idx').on(t.action, t.id.desc()),
    index('audit_log_entity_id_idx').on(t.entityType, t.entityId, t.id.desc()),
    // Issue 32: the health-data access log by person.
    index('audit_log_actor_id_idx').on(t.actorUserId, t.id.desc()),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;
