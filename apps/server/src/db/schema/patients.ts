import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Issue 31 point 1: the people a member buys medicine for (self and family). A prescription, its
 * H1 register entry and its invoice name the patient; the allergies (normalised ingredient names,
 * as normaliseIngredient in packages/shared gives them) are checked against what is ordered.
 * A patient is archived, never deleted: orders and saved prescriptions keep pointing at them for
 * as long as the records must be kept.
 */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    relation: varchar('relation', { length: 20 }).notNull().default('self'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Given instead of a date of birth; read with updated_at (an age given a year ago is one more). */
    ageYears: smallint('age_years'),
    sex: varchar('sex', { length: 10 }).notNull(),
    allergies: jsonb('allergies').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    check('patients_sex_check', sql`${t.sex} in ('female', 'male', 'other')`),
    check(
      'patients_relation_check',
      sql`${t.relation} in ('self', 'spouse', 'child', 'parent', 'sibling', 'other')`,
    ),
    check('patients_age_check', sql`${t.ageYears} is null or ${t.ageYears} between 0 and 130`),
    check(
      'patients_born_or_aged_check',
      sql`${t.dateOfBirth} is not null or ${t.ageYears} is not null`,
    ),
    index('patients_user_id_idx').on(t.userId, t.id),
  ],
);

export type PatientRow = typeof patients.$inferSelect;
export type NewPatientRow = typeof patients.$inferInsert;
