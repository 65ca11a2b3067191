import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { products, saltCompositions } from './catalog';
import { orderLines, orders } from './orders';
import { patients } from './patients';
import { users } from './users';

/**
 * Issue 31 points 2–3: a prescription as the pharmacist transcribed it on approval, saved to the
 * member (and the patient) so a later order within its validity can use it without an upload.
 * valid_until is computed once, from issued_on and the validity setting in force at approval
 * (shorter for Schedule H1), so a later change of the setting does not rewrite what was decided.
 */
export const prescriptionRecords = pgTable(
  'prescription_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    /** The patient as named on the prescription, kept even if the patient is edited later. */
    patientName: varchar('patient_name', { length: 120 }).notNull(),
    /** The order whose upload was transcribed. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    prescriberName: varchar('prescriber_name', { length: 120 }).notNull(),
    prescriberQualification: varchar('prescriber_qualification', { length: 120 }).notNull(),
    prescriberRegistrationNumber: varchar('prescriber_registration_number', {
      length: 40,
    }).notNull(),
    prescriberCouncil: varchar('prescriber_council', { length: 120 }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** The last day it may be dispensed against (inclusive). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    scheduleH1: boolean('schedule_h1').notNull().default(false),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    approvedByName: varchar('approved_by_name', { length: 120 }).notNull(),
    approvedByRegistrationNumber: varchar('approved_by_registration_number', {
      length: 40,
    }).notNull(),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('prescription_records_validity_check', sql`${t.validUntil} >= ${t.issuedOn}`),
    index('prescription_records_user_id_idx').on(t.userId, t.validUntil),
    index('prescription_records_patient_id_idx').on(t.patientId),
    index('prescription_records_order_id_idx').on(t.orderId),
  ],
);

/**
 * One prescribed line: a salt composition (any brand of it, at that strength) or one product.
 * units_dispensed is what orders have taken against quantity_allowed; it moves only with a row
 * of prescription_record_uses, under this row's lock, and the check refuses going past it.
 */
export const prescriptionRecordLines = pgTable(
  'prescription_record_lines',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => prescriptionRecords.id, { onDelete: 'cascade' }),
    saltCompositionId: integer('salt_composition_id').references(() => saltCompositions.id, {
      onDelete: 'set null',
    }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The salt's or product's name at transcription, so the line reads the same later. */
    medicineName: varchar('medicine_name', { length: 200 }).notNull(),
    strength: varchar('strength', { length: 100 }),
    dose: varchar('dose', { length: 60 }).notNull(),
    frequency: varchar('frequency', { length: 60 }).notNull(),
    durationDays: smallint('duration_days').notNull(),
    quantityAllowed: integer('quantity_allowed').notNull(),
    unitsDispensed: integer('units_dispensed').notNull().default(0),
  },
  (t) => [
    check('prescription_record_lines_duration_check', sql`${t.durationDays} between 1 and 3650`),
    check(
      'prescription_record_lines_units_check',
      sql`${t.quantityAllowed} > 0 AND ${t.unitsDispensed} >= 0 AND ${t.unitsDispensed} <= ${t.quantityAllowed}`,
    ),
    index('prescription_record_lines_record_id_idx').on(t.recordId),
  ],
);

/**
 * Units of an order counted against a prescribed line; released (released_at set, the line's
 * units_dispensed lowered in the same transaction) when the order is cancelled or its
 * prescription rejected.
 */
export const prescriptionRecordUses = pgTable(
  'prescription_record_uses',
  {
    id: serial('id').primaryKey(),
    recordLineId: integer('record_line_id')
      .notNull()
      .references(() => prescriptionRecordLines.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    units: integer('units').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    check('prescription_record_uses_units_check', sql`${t.units} > 0`),
    index('prescription_record_uses_order_id_idx').on(t.orderId),
    index('prescription_record_uses_record_line_id_idx').on(t.recordLineId),
  ],
);

export type PrescriptionRecordRow = typeof prescriptionRecords.$inferSelect;
export type PrescriptionRecordLineRow = typeof prescriptionRecordLines.$inferSelect;
