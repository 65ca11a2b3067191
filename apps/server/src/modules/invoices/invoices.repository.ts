import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TaxDocumentKind } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { orders, products, taxDocumentCounters, taxDocuments } from '../../db/schema/index';

/**
 * The next number of a series, taken under the counter row's lock: the first document of a year
 * inserts the row, every later one increments it, and the row stays locked until the calling
 * transaction ends. So two documents at once queue for the number, and a transaction that rolls
 * back gives its number back with its increment: the series has no gap and no duplicate.
 */
export async function takeNextSequence(
  tx: DbOrTx,
  kind: TaxDocumentKind,
  financialYear: number,
): Promise<number> {
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ kind, financialYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [taxDocumentCounters.kind, taxDocumentCounters.financialYear],
      set: { lastSequence: sql`${taxDocumentCounters.lastSequence} + 1` },
    })
    .returning({ lastSequence: taxDocumentCounters.lastSequence });
  if (!row) throw new Error('The document counter returned no row');
  return row.lastSequence;
}

export async function insertDocument(
  tx: DbOrTx,
  document: {
    kind: TaxDocumentKind;
    orderId: number;
    financialYear: number;
    sequence: number;
    number: string;
    creditForId: number | null;
    totalMinor: number;
    content: Record<string, unknown>;
    issuedAt: Date;
  },
): Promise<number> {
  const [row] = await tx.insert(taxDocuments).values(document).returning({ id: taxDocuments.id });
  if (!row) throw new Error('The tax document was not inserted');
  return row.id;
}

/** The order's documents, invoice first, then credit notes oldest first. */
export function listOrderDocuments(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: taxDocuments.id,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      creditForId: taxDocuments.creditForId,
      issuedAt: taxDocuments.issuedAt,
    })
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
}

/** The order's invoice with its content (the credit note is built from it). */
export async function findInvoice(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      id: taxDocuments.id,
      number: taxDocuments.number,
      totalMinor: taxDocuments.totalMinor,
      content: taxDocuments.content,
    })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')))
    .limit(1);
  return row;
}

/** The latest document of a kind for an order, with the owner of the order for the access check. */
/** The order's latest document of the kind, or the one numbered `number` (issue 19). */
export async function findLatestDocument(
  db: DbOrTx,
  orderId: number,
  kind: TaxDocumentKind,
  number?: string,
) {
  const [row] = await db
    .select({
      number: taxDocuments.number,
      content: taxDocuments.content,
      ownerId: orders.userId,
    })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        eq(taxDocuments.kind, kind),
        number === undefined ? undefined : eq(taxDocuments.number, number),
      ),
    )
    .orderBy(desc(taxDocuments.id))
    .limit(1);
  return row;
}

/** HSN code and GST rate of the products still in the catalogue, as they are at issue. */
export async function productTaxes(db: DbOrTx, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ id: products.id, hsnCode: products.hsnCode, gstRate: products.gstRate })
    .from(products)
    .where(inArray(products.id, productIds));
}
