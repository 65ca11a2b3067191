import {
  ORDER_NOT_FOUND,
  creditNoteNumber,
  financialYearOf,
  invoiceNumber,
  taxDocumentFileName,
  type OrderTaxDocuments,
  type TaxDocumentKind,
  can,
} from '@pharmacy/shared';
import type { SellerConfig } from '../../config/env';
import type { Database, DbOrTx } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import type { ComplianceService } from '../compliance/compliance.service';
import {
  buildCreditNoteContent,
  buildInvoiceContent,
  taxDocumentContentSchema,
  type InvoiceSubject,
  type TaxDocumentContent,
} from './invoice-content';
import { renderTaxDocumentPdf } from './invoice-pdf';
import * as repository from './invoices.repository';
import {
  buildPartialCreditNoteContent,
  invoiceLineIndexes,
  type CreditedLine,
} from './partial-credit-note';

const NUMBERS: Record<TaxDocumentKind, (financialYear: number, sequence: number) => string> = {
  invoice: invoiceNumber,
  credit_note: creditNoteNumber,
};

/**
 * GST invoices and credit notes (issue 18 point 3, decision 0015). Documents are issued inside
 * the caller's transaction (the one confirming the payment, or cancelling the order), which holds
 * the order row's lock, so an order cannot get two invoices, nor a cancellation two credit notes.
 */
export function createInvoicesService(deps: {
  db: Database;
  seller: SellerConfig;
  compliance: Pick<ComplianceService, 'approvalOf'>;
  now?: () => Date;
}) {
  const { db, seller, compliance } = deps;
  const now = deps.now ?? (() => new Date());

  async function issue(
    tx: DbOrTx,
    kind: TaxDocumentKind,
    orderId: number,
    byUserId: number | null,
    build: (document: { number: string; issuedAt: Date }) => TaxDocumentContent,
    creditForId: number | null,
  ): Promise<string> {
    const issuedAt = now();
    const financialYear = financialYearOf(issuedAt);
    const sequence = await repository.takeNextSequence(tx, kind, financialYear);
    const number = NUMBERS[kind](financialYear, sequence);
    const content = build({ number, issuedAt });
    const totalMinor = content.totals.total.gross;
    const id = await repository.insertDocument(tx, {
      kind,
      orderId,
      financialYear,
      sequence,
      number,
      creditForId,
      totalMinor,
      content,
      issuedAt,
    });
    await recordAudit(tx, {
      actorUserId: byUserId,
      action: 'tax_document.issued',
      entityType: 'tax_document',
      entityId: id,
      details: { kind, number, orderId, totalMinor },
    });
    return number;
  }

  return {
    /**
     * The order's invoice, issued in the confirming transaction; an order that has one keeps it
     * (a replayed payment webhook, a second confirmation), so a number is given exactly once.
     */
    async issueInvoice(
      tx: DbOrTx,
      subject: InvoiceSubject,
      byUserId: number | null,
    ): Promise<{ number: string; created: boolean }> {
      const existing = await repository.findInvoice(tx, subject.orderId);
      if (existing) return { number: existing.number, created: false };
      const productIds = subject.lines.flatMap((line) =>
        line.productId === null ? [] : [line.productId],
      );
      const taxes = new Map(
        (await repository.productTaxes(tx, productIds)).map((row) => [row.id, row] as const),
      );
      const number = await issue(
        tx,
        'invoice',
        subject.orderId,
        byUserId,
        (document) => buildInvoiceContent(subject, seller, taxes, document),
        null,
      );
      return { number, created: true };
    },

    /**
     * A cancelled order's credit note for the full value of its invoice (CGST Act s.34), in the
     * cancelling transaction. Nothing when the order was never invoiced; the one it has when it
     * was already credited. The invoice itself is never changed.
     */
    async issueCreditNote(
      tx: DbOrTx,
      orderId: number,
      byUserId: number | null,
    ): Promise<string | null> {
      const invoice = await repository.findInvoice(tx, orderId);
      if (!invoice) return null;
      const documents = await repository.listOrderDocuments(tx, orderId);
      const credited = documents.find(
        (document) => document.kind === 'credit_note' && document.creditForId === invoice.id,
      );
      if (credited) return credited.number;
      const invoiceContent = taxDocumentContentSchema.parse(invoice.content);
      return issue(
        tx,
        'credit_note',
        orderId,
        byUserId,
        (document) => buildCreditNoteContent(invoiceContent, document),
        invoice.id,
      );
    },

    /**
     * A credit note for the returned or damaged units of an invoiced order (issue 19), in the
     * refunding transaction; its total is the refund. Nothing when the order has no invoice.
     */
    async issuePartialCreditNote(
      tx: DbOrTx,
      orderId: number,
      lines: CreditedLine[],
      byUserId: number | null,
    ): Promise<string | null> {
      const invoice = await repository.findInvoice(tx, orderId);
      if (!invoice || lines.length === 0) return null;
      const invoiceContent = taxDocumentContentSchema.parse(invoice.content);
      const indexes = await invoiceLineIndexes(tx, orderId);
      const credited = lines.map((line) => ({
        ...line,
        invoiceIndex: indexes.get(line.orderLineId) ?? -1,
      }));
      return issue(
        tx,
        'credit_note',
        orderId,
        byUserId,
        (document) => buildPartialCreditNoteContent(invoiceContent, credited, document),
        invoice.id,
      );
    },

    /** What the order page lists to download. */
    async documentsOf(orderId: number, tx: DbOrTx = db): Promise<OrderTaxDocuments> {
      const documents = await repository.listOrderDocuments(tx, orderId);
      const summary = (document: (typeof documents)[number]) => ({
        number: document.number,
        issuedAt: document.issuedAt.toISOString(),
      });
      const invoice = documents.find((document) => document.kind === 'invoice');
      return {
        invoice: invoice ? summary(invoice) : null,
        creditNotes: documents.filter((document) => document.kind === 'credit_note').map(summary),
      };
    },

    /**
     * The PDF of the order's invoice or latest credit note, for its owner or an admin. Anyone
     * else, and an order without one, gets the answer of a missing order: a 404 says nothing of
     * whether the order exists.
     */
    async pdf(
      session: Session,
      orderId: number,
      kind: TaxDocumentKind,
      number?: string,
    ): Promise<{ fileName: string; body: Buffer }> {
      const row = await repository.findLatestDocument(db, orderId, kind, number);
      if (!row || (!can(session.roleId, 'money.view') && row.ownerId !== session.userId))
        throw new NotFoundError(ORDER_NOT_FOUND);
      const content = taxDocumentContentSchema.parse(row.content);
      // The approval is its own permanent record (decision 0012); on a paid order it usually
      // comes after the invoice, so it is read as the document is printed.
      const approval = content.prescription ? await compliance.approvalOf(db, orderId) : null;
      return {
        fileName: taxDocumentFileName(row.number),
        body: await renderTaxDocumentPdf(content, approval),
      };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
