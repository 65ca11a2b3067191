import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Issue 32: the owner invites a member of staff by e-mail. The mail carries a single-use link
 * (only its hash is kept) to set a password; accepting creates the account with the role, or
 * gives the role to the existing account of that e-mail.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    roleId: integer('role_id').notNull(),
    tokenHash: varchar('token_hash', { length: 128 })
      .notNull()
      .unique('staff_invitations_token_hash_key'),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The account the invitation became, once accepted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('staff_invitations_role_id_check', sql`${t.roleId} IN (3, 4, 5)`),
    index('staff_invitations_email_idx').on(sql`lower(${t.email})`, t.createdAt.desc()),
  ],
);

/**
 * Issue 32: consents to marketing mail (newsletter, back-in-stock, refill reminders), kept as a
 * history: each change is a row, the newest row of an e-mail and kind is the consent in force.
 * An e-mail without a row for a kind follows that kind's default (decision 0028).
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: varchar('email', { length: 254 }).notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    granted: boolean('granted').notNull(),
    /** Where it was given or withdrawn: 'account', 'unsubscribe-link', 'sign-up', … */
    source: varchar('source', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'marketing_consents_kind_check',
      sql`${t.kind} IN ('newsletter', 'back_in_stock', 'refill_reminders')`,
    ),
    index('marketing_consents_email_kind_idx').on(sql`lower(${t.email})`, t.kind, t.id.desc()),
    index('marketing_consents_user_id_idx').on(t.userId),
  ],
);

export type StaffInvitationRow = typeof staffInvitations.$inferSelect;
export type MarketingConsentRow = typeof marketingConsents.$inferSelect;
