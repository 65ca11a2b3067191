import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** DECISIONS: newsletter sign-ups are stored; an e-mail subscribes once (case-insensitive). */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 32: the one-click unsubscribe; a new sign-up clears it. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_subscriptions_email_key').on(sql`lower(${t.email})`)],
);

/**
 * DECISIONS: contact messages are stored so nothing a person types is lost. The admin inbox
 * (issue 18) marks a message handled; an unhandled one is open and counts on the dashboard.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    // The message outlives the admin who handled it.
    handledByUserId: integer('handled_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt),
    // The open queue (count and newest-first list) reads only the few unhandled rows.
    index('contact_messages_open_idx')
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
  ],
);
