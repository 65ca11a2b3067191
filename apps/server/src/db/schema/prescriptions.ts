import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { prescriptionRecords } from './prescription-records';
import { users } from './users';

export const PRESCRIPTION_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PrescriptionReviewStatus = (typeof PRESCRIPTION_REVIEW_STATUSES)[number];

/** Spec §5 / §9: at most 5 MB per prescription file. */
export const PRESCRIPTION_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * One upload of spec §2 'Upload Prescription' (comment plus files). DECISIONS: a pharmacist
 * approves or rejects it with a reason before prescription-only medicine is packed.
 */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    comment: text('comment'),
    reviewStatus: varchar('review_status', { length: 16 })
      .$type<PrescriptionReviewStatus>()
      .notNull()
      .default('pending'),
    reviewReason: text('review_reason'),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    // The pharmacist as they were when deciding: a later change of name or number in their
    // profile must not rewrite who approved what.
    reviewerName: varchar('reviewer_name', { length: 120 }),
    reviewerRegistrationNumber: varchar('reviewer_registration_number', { length: 40 }),
    prescriberName: varchar('prescriber_name', { length: 120 }),
    prescriberRegistrationNumber: varchar('prescriber_registration_number', { length: 40 }),
    patientName: varchar('patient_name', { length: 120 }),
    /** Issue 31: the saved prescription this upload was transcribed into on approval. */
    recordId: integer('record_id').references(() => prescriptionRecords.id, {
      onDelete: 'set null',
    }),
    /** Kept at least until then (RECORD_RETENTION_YEARS); a trigger refuses an earlier delete. */
    retainUntil: timestamp('retain_until', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '3 years'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'prescriptions_review_status_check',
      sql`${t.reviewStatus} IN ('pending', 'approved', 'rejected')`,
    ),
    index('prescriptions_order_id_idx').on(t.orderId),
    index('prescriptions_review_status_created_at_idx').on(t.reviewStatus, t.createdAt),
    index('prescriptions_user_id_idx').on(t.userId),
  ],
);

/** DECISIONS: private files, served only to their owner and admins; storageKey is never public. */
export const prescriptionFiles = pgTable(
  'prescription_files',
  {
    id: serial('id').primaryKey(),
    prescriptionId: integer('prescription_id')
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 300 })
      .notNull()
      .unique('prescription_files_storage_key_key'),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'prescription_files_size_bytes_check',
      sql`${t.sizeBytes} > 0 AND ${t.sizeBytes} <= ${sql.raw(String(PRESCRIPTION_FILE_MAX_BYTES))}`,
    ),
    index('prescription_files_prescription_id_idx').on(t.prescriptionId),
  ],
);

export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type NewPrescriptionRow = typeof prescriptions.$inferInsert;
export type PrescriptionFileRow = typeof prescriptionFiles.$inferSelect;
export type NewPrescriptionFileRow = typeof prescriptionFiles.$inferInsert;
