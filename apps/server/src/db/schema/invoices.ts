import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * GST tax invoices and credit notes (issue 18). Each kind has its own gap-free series per
 * financial year (CGST Rules 46(b), 53(1A)): the number is taken from `tax_document_counters`
 * with a row lock inside the transaction that confirms the payment, so a rolled-back payment
 * leaves no hole and two payments at once never share a number. A document is never changed
 * once issued: `content` keeps everything printed on it (seller, buyer, lines, taxes) as it was
 * at issue, so a later catalogue or configuration edit cannot alter an issued invoice.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The calendar year the financial year starts in: 2026 for 2026-27. */
    financialYear: smallint('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    number: varchar('number', { length: 20 }).notNull(),
    /** For a credit note: the invoice it reduces. */
    creditForId: integer('credit_for_id'),
    totalMinor: integer('total_minor').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_documents_kind_check', sql`${t.kind} IN ('invoice', 'credit_note')`),
    check('tax_documents_sequence_check', sql`${t.sequence} > 0`),
    check('tax_documents_total_check', sql`${t.totalMinor} >= 0`),
    check(
      'tax_documents_credit_for_check',
      sql`(${t.kind} = 'credit_note') = (${t.creditForId} IS NOT NULL)`,
    ),
    foreignKey({
      name: 'tax_documents_credit_for_id_fk',
      columns: [t.creditForId],
      foreignColumns: [t.id],
    }),
    uniqueIndex('tax_documents_series_key').on(t.kind, t.financialYear, t.sequence),
    uniqueIndex('tax_documents_number_key').on(t.number),
    // One invoice per order; credit notes may be several (a cancellation, later partial returns).
    uniqueIndex('tax_documents_order_invoice_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index('tax_documents_order_id_idx').on(t.orderId),
    index('tax_documents_credit_for_id_idx').on(t.creditForId),
    index('tax_documents_issued_at_idx').on(t.issuedAt),
  ],
);

/** The last number used in each series; the row is locked while a document takes the next one. */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    kind: varchar('kind', { length: 20 }).notNull(),
    financialYear: smallint('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.financialYear] }),
    check('tax_document_counters_kind_check', sql`${t.kind} IN ('invoice', 'credit_note')`),
    check('tax_document_counters_last_sequence_check', sql`${t.lastSequence} > 0`),
  ],
);

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type NewTaxDocumentRow = typeof taxDocuments.$inferInsert;
