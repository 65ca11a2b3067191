import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Interaction, SafetyAdvice, SafetyTopic } from '@pharmacy/shared';
import { saltCompositions } from './catalog';
import { users } from './users';

/**
 * Issue 30: the medicine information of a salt composition, one row per version. An admin's edit
 * is the salt's one draft (reviewed_at null; a partial unique index keeps it one); a pharmacist's
 * review turns that draft into the newest published version, recording who reviewed it, their
 * registration number and when. The public page shows the newest reviewed row, so a newer draft
 * never changes it, and earlier reviewed versions stay as the record of what was published.
 * Lists are text arrays and the safety grid and interactions JSON, each section its own column
 * (validated by medicineContentSchema in packages/shared on the way in and out).
 */
export const medicineMonographs = pgTable(
  'medicine_monographs',
  {
    id: serial('id').primaryKey(),
    saltCompositionId: integer('salt_composition_id')
      .notNull()
      .references(() => saltCompositions.id, { onDelete: 'cascade' }),
    summary: text('summary').notNull(),
    uses: text('uses').array().notNull(),
    howItWorks: text('how_it_works').notNull(),
    sideEffectsCommon: text('side_effects_common').array().notNull(),
    sideEffectsSerious: text('side_effects_serious').array().notNull(),
    safety: jsonb('safety').$type<Record<SafetyTopic, SafetyAdvice>>().notNull(),
    howToTake: text('how_to_take').notNull(),
    missedDose: text('missed_dose').notNull(),
    storage: text('storage').notNull(),
    interactions: jsonb('interactions').$type<Interaction[]>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: written by the demo seed. */
    savedByUserId: integer('saved_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewerName: varchar('reviewer_name', { length: 120 }),
    reviewerRegistrationNumber: varchar('reviewer_registration_number', { length: 60 }),
    /** The signed-in person who published it; null for the demo seed's sample review. */
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    // A salt has at most one draft waiting for review.
    uniqueIndex('medicine_monographs_one_draft_key')
      .on(t.saltCompositionId)
      .where(sql`${t.reviewedAt} is null`),
    // The newest published version of a salt.
    index('medicine_monographs_published_idx')
      .on(t.saltCompositionId, t.reviewedAt.desc(), t.id.desc())
      .where(sql`${t.reviewedAt} is not null`),
    check(
      'medicine_monographs_review_check',
      sql`(${t.reviewedAt} is null) = (${t.reviewerName} is null) and (${t.reviewedAt} is null) = (${t.reviewerRegistrationNumber} is null)`,
    ),
    check('medicine_monographs_safety_check', sql`jsonb_typeof(${t.safety}) = 'object'`),
    check('medicine_monographs_interactions_check', sql`jsonb_typeof(${t.interactions}) = 'array'`),
  ],
);

export type MedicineMonographRow = typeof medicineMonographs.$inferSelect;
