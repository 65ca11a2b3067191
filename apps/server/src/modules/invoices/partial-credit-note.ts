import { asc, eq } from 'drizzle-orm';
import {
  amountInWords,
  gstInvoiceTotals,
  gstLine,
  isGstRate,
  DEFAULT_GST_RATE,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { orderLines } from '../../db/schema/index';
import type { TaxDocumentContent } from './invoice-content';

/** A returned or damaged line to credit: the units and what was refunded for them (paise). */
export interface CreditedLine {
  orderLineId: number;
  units: number;
  amountMinor: number;
}

/**
 * The invoice's line of each order line. The invoice was built from the order's lines in id
 * order (checkout-steps), one invoice line each, so the positions match.
 */
export async function invoiceLineIndexes(
  tx: DbOrTx,
  orderId: number,
): Promise<Map<number, number>> {
  const rows = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  return new Map(rows.map((row, index) => [row.id, index] as const));
}

/**
 * A credit note for part of an invoice (CGST Act s.34, issue 19 returns): only the credited
 * lines and units, each taxed at its invoice rate on the amount actually refunded (tax included
 * in the price, as on the invoice), so the note's total is the refund. Seller, buyer and place
 * of supply stay as the invoice printed them.
 */
export function buildPartialCreditNoteContent(
  invoice: TaxDocumentContent,
  lines: ReadonlyArray<CreditedLine & { invoiceIndex: number }>,
  document: { number: string; issuedAt: Date },
): TaxDocumentContent {
  const credited = lines.map((line) => {
    const source = invoice.lines[line.invoiceIndex];
    if (!source) throw new Error(`Order line ${line.orderLineId} is not on the invoice`);
    const rate = isGstRate(source.rate) ? source.rate : DEFAULT_GST_RATE;
    return {
      productName: source.productName,
      hsnCode: source.hsnCode,
      units: line.units,
      mrpMinor: source.mrpMinor,
      unitPriceMinor: source.unitPriceMinor,
      discountMinor: Math.max(0, source.mrpMinor - source.unitPriceMinor) * line.units,
      batches: [],
      ...gstLine(line.amountMinor, rate, invoice.supplyType),
    };
  });
  const totals = gstInvoiceTotals(
    credited.map(({ rate, gross, taxable, tax, cgst, sgst, igst }) => ({
      rate,
      gross,
      taxable,
      tax,
      cgst,
      sgst,
      igst,
    })),
  );
  return {
    ...invoice,
    kind: 'credit_note',
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    original: { number: invoice.number, issuedAt: invoice.issuedAt },
    lines: credited,
    totals,
    amountInWords: amountInWords(totals.total.gross),
  };
}
