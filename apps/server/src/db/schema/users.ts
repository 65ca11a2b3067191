import { sql } from 'drizzle-orm';
import {
  check,
  index,
  boolean,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Accounts (spec §3 Profile). roleId: 1 admin (the owner), 2 member (DECISIONS); 3 pharmacist,
 * 4 packer, 5 support (issue 32). providerName is
 * 'Email' or 'Google'; Google accounts have no password hash. tokenVersion is carried in the
 * JWT and bumped on password change or demotion, so older tokens stop working.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 20 }),
    passwordHash: text('password_hash'),
    roleId: integer('role_id').notNull().default(2),
    providerName: varchar('provider_name', { length: 20 }),
    providerSubject: varchar('provider_subject', { length: 255 }),
    tokenVersion: integer('token_version').notNull().default(0),
    /** An admin with one is a registered pharmacist and may decide on prescriptions (issue 16). */
    pharmacistRegistrationNumber: varchar('pharmacist_registration_number', { length: 40 }),
    /**
     * Mails about an order's progress that the customer may turn off (dispatched, delivered);
     * confirmations, cancellations and prescription rejections are always sent (issue 17).
     */
    orderProgressMails: boolean('order_progress_mails').notNull().default(true),
    /** Issue 32: a deactivated member of staff cannot sign in; their tokens stop working. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * Issue 32: the customer deleted their account; personal data is erased and what the law keeps
     * (invoices, prescriptions, the H1 register) stays linked to this anonymised row.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_provider_subject_key').on(t.providerName, t.providerSubject),
    // Admin user search ('Type user name or email'): substring match on either column.
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    check('users_role_id_check', sql`${t.roleId} IN (1, 2, 3, 4, 5)`),
    check(
      'users_provider_name_check',
      sql`${t.providerName} IS NULL OR ${t.providerName} IN ('Email', 'Google')`,
    ),
    check('users_token_version_check', sql`${t.tokenVersion} >= 0`),
  ],
);

/** DECISIONS: single-use reset links that expire in one hour; only a hash of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 128 })
      .notNull()
      .unique('password_reset_tokens_token_hash_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;
export type NewPasswordResetTokenRow = typeof passwordResetTokens.$inferInsert;
