import PDFDocument from 'pdfkit';
import {
  formatMoney,
  fromMinorUnits,
  issueDayInIndia,
  type DispensingApproval,
} from '@pharmacy/shared';
import type { TaxDocumentContent } from './invoice-content';

type Line = TaxDocumentContent['lines'][number];
type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 36;
const PAGE_WIDTH = 595.28; // A4 in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const GREY = '#4b5563';
const RULE = '#9ca3af';
const HEADER_FILL = '#e5efee';
const BRAND = '#0f766e';

/** Amounts as Indian invoices print them: 1,23,456.50. The standard PDF fonts have no ₹ sign. */
const money = (paise: number) => formatMoney(fromMinorUnits(paise), '');

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
/** The date in India, where the document is issued: 26 Nov 2026. */
const indianDate = (iso: string) => dayFormat.format(new Date(`${issueDayInIndia(iso)}T00:00:00Z`));
/** Expiry as packs print it: 2027-05-31 → 05/2027. */
const expiryMonth = (day: string) => `${day.slice(5, 7)}/${day.slice(0, 4)}`;

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  cell: (line: Line, index: number) => string;
}

function lineColumns(content: TaxDocumentContent): Column[] {
  const intra = content.supplyType === 'intra_state';
  const taxColumns: Column[] = intra
    ? [
        { header: 'CGST', width: 40, align: 'right', cell: (line) => money(line.cgst) },
        {
          header: content.stateTaxLabel,
          width: 40,
          align: 'right',
          cell: (line) => money(line.sgst),
        },
      ]
    : [{ header: 'IGST', width: 80, align: 'right', cell: (line) => money(line.igst) }];
  return [
    { header: '#', width: 16, align: 'left', cell: (_line, index) => String(index + 1) },
    { header: 'Item', width: 87, align: 'left', cell: (line) => line.productName },
    { header: 'HSN', width: 42, align: 'left', cell: (line) => line.hsnCode },
    {
      header: 'Batch',
      width: 50,
      align: 'left',
      cell: (line) => line.batches.map((batch) => batch.batchNumber).join('\n') || '-',
    },
    {
      header: 'Expiry',
      width: 34,
      align: 'left',
      cell: (line) => line.batches.map((batch) => expiryMonth(batch.expiryDate)).join('\n') || '-',
    },
    { header: 'Qty', width: 20, align: 'right', cell: (line) => String(line.units) },
    { header: 'MRP', width: 40, align: 'right', cell: (line) => money(line.mrpMinor) },
    { header: 'Discount', width: 40, align: 'right', cell: (line) => money(line.discountMinor) },
    { header: 'Taxable', width: 44, align: 'right', cell: (line) => money(line.taxable) },
    { header: 'Rate', width: 24, align: 'right', cell: (line) => `${line.rate}%` },
    ...taxColumns,
    { header: 'Amount', width: 46, align: 'right', cell: (line) => money(line.gross) },
  ];
}

const CELL_PADDING = 2.5;

function rowHeight(doc: Doc, columns: Column[], texts: string[]): number {
  return (
    Math.max(
      ...columns.map((column, i) =>
        doc.heightOfString(texts[i] ?? '', { width: column.width - 2 * CELL_PADDING }),
      ),
    ) +
    2 * CELL_PADDING
  );
}

function drawRow(
  doc: Doc,
  columns: Column[],
  texts: string[],
  y: number,
  options: { bold?: boolean; fill?: string } = {},
): number {
  doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica');
  const height = rowHeight(doc, columns, texts);
  if (options.fill) doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(options.fill);
  doc.fillColor('black');
  let x = MARGIN;
  columns.forEach((column, i) => {
    doc.text(texts[i] ?? '', x + CELL_PADDING, y + CELL_PADDING, {
      width: column.width - 2 * CELL_PADDING,
      align: column.align,
    });
    x += column.width;
  });
  doc
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + CONTENT_WIDTH, y + height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return y + height;
}

/** A new page when the next block would run into the bottom margin. */
function ensureRoom(doc: Doc, y: number, needed: number): number {
  if (y + needed <= doc.page.height - MARGIN - 24) return y;
  doc.addPage();
  return MARGIN;
}

function drawHeader(doc: Doc, content: TaxDocumentContent): number {
  const isInvoice = content.kind === 'invoice';
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(BRAND)
    .text(isInvoice ? 'Tax Invoice' : 'Credit Note', MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor('black');
  const facts = [
    `${isInvoice ? 'Invoice' : 'Credit note'} No.: ${content.number}`,
    `Date: ${indianDate(content.issuedAt)}`,
    `Order No.: #${content.orderId} of ${indianDate(content.orderPlacedAt)}`,
    ...(content.original
      ? [`Against invoice: ${content.original.number} of ${indianDate(content.original.issuedAt)}`]
      : []),
  ];
  doc.text(facts.join('\n'), MARGIN + CONTENT_WIDTH / 2, MARGIN, {
    width: CONTENT_WIDTH / 2,
    align: 'right',
  });
  return Math.max(doc.y, MARGIN + 26) + 10;
}

function drawParties(doc: Doc, content: TaxDocumentContent, top: number): number {
  const half = CONTENT_WIDTH / 2 - 8;
  const place = (p: { code: string | null; name: string }) =>
    p.code ? `${p.name} (${p.code})` : p.name;
  const block = (x: number, title: string, name: string, lines: string[]) => {
    doc.font('Helvetica-Bold').fontSize(8).fillColor(GREY).text(title, x, top, { width: half });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('black')
      .text(name, x, doc.y + 2, {
        width: half,
      });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(lines.join('\n'), x, doc.y + 2, { width: half });
    return doc.y;
  };
  const sellerBottom = block(MARGIN, 'SOLD BY', content.seller.legalName, [
    content.seller.address,
    `State: ${place(content.seller.state)}`,
    `GSTIN: ${content.seller.gstin}`,
    `Drug licence No.: ${content.seller.drugLicenceNumbers}`,
  ]);
  const supply =
    content.supplyType === 'intra_state'
      ? `Intra-State supply (CGST + ${content.stateTaxLabel})`
      : 'Inter-State supply (IGST)';
  const buyerBottom = block(
    MARGIN + CONTENT_WIDTH / 2 + 8,
    'BILL TO / SHIP TO',
    content.buyer.name,
    [
      ...content.buyer.addressLines,
      ...(content.buyer.phone ? [`Phone: ${content.buyer.phone}`] : []),
      `Place of supply: ${place(content.placeOfSupply)}`,
      supply,
    ],
  );
  return Math.max(sellerBottom, buyerBottom) + 12;
}

function drawLines(doc: Doc, content: TaxDocumentContent, top: number): number {
  const columns = lineColumns(content);
  const headers = columns.map((column) => column.header);
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(GREY)
    .text(
      'Amounts in Indian rupees (Rs.); MRP per unit; discount, taxable value and tax per line.',
      MARGIN,
      top,
    );
  let y = drawRow(doc, columns, headers, doc.y + 3, { bold: true, fill: HEADER_FILL });
  content.lines.forEach((line, index) => {
    const texts = columns.map((column) => column.cell(line, index));
    doc.font('Helvetica');
    const needed = rowHeight(doc, columns, texts);
    const next = ensureRoom(doc, y, needed);
    if (next !== y) y = drawRow(doc, columns, headers, next, { bold: true, fill: HEADER_FILL });
    y = drawRow(doc, columns, texts, y);
  });
  const promotions = promotionsNote(content);
  if (promotions) {
    y = ensureRoom(doc, y + 4, 14);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('black')
      .text(promotions, MARGIN, y, { width: CONTENT_WIDTH });
    y = doc.y;
  }
  return y + 10;
}

/**
 * Issue 19: the coupon and points the order was paid with. Their value is already in each line's
 * discount, and taxable value and tax are on what was paid, so this line only names them.
 */
function promotionsNote(content: TaxDocumentContent): string | null {
  const promotions = content.promotions;
  if (!promotions) return null;
  const parts: string[] = [];
  if (promotions.couponCode && promotions.couponDiscountMinor > 0)
    parts.push(`coupon ${promotions.couponCode} Rs. ${money(promotions.couponDiscountMinor)}`);
  if (promotions.pointsDiscountMinor > 0)
    parts.push(
      `${promotions.pointsRedeemed} loyalty points Rs. ${money(promotions.pointsDiscountMinor)}`,
    );
  if (parts.length === 0) return null;
  return `Discounts at payment, included in the lines' discount, taxable value and tax: ${parts.join('; ')}.`;
}

function drawTotals(doc: Doc, content: TaxDocumentContent, top: number): number {
  const intra = content.supplyType === 'intra_state';
  const columns: Column[] = [
    { header: 'GST rate', width: 70, align: 'left', cell: () => '' },
    { header: 'Taxable value', width: 90, align: 'right', cell: () => '' },
    ...(intra
      ? [
          { header: 'CGST', width: 80, align: 'right' as const, cell: () => '' },
          { header: content.stateTaxLabel, width: 80, align: 'right' as const, cell: () => '' },
        ]
      : [{ header: 'IGST', width: 160, align: 'right' as const, cell: () => '' }]),
    { header: 'Total tax', width: 90, align: 'right', cell: () => '' },
    { header: 'Amount', width: CONTENT_WIDTH - 410, align: 'right', cell: () => '' },
  ];
  const row = (label: string, amounts: TaxDocumentContent['totals']['total']) => [
    label,
    money(amounts.taxable),
    ...(intra ? [money(amounts.cgst), money(amounts.sgst)] : [money(amounts.igst)]),
    money(amounts.tax),
    money(amounts.gross),
  ];
  doc.fontSize(8);
  let y = ensureRoom(doc, top, 40 + content.totals.byRate.length * 14);
  y = drawRow(
    doc,
    columns,
    columns.map((column) => column.header),
    y,
    { bold: true, fill: HEADER_FILL },
  );
  for (const rate of content.totals.byRate)
    y = drawRow(doc, columns, row(`${rate.rate}%`, rate), y);
  y = drawRow(doc, columns, row('Total', content.totals.total), y, { bold: true });
  return y + 10;
}

function drawFooter(
  doc: Doc,
  content: TaxDocumentContent,
  approval: DispensingApproval | null,
  top: number,
) {
  const isInvoice = content.kind === 'invoice';
  let y = ensureRoom(doc, top, 120);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('black')
    .text(
      `${isInvoice ? 'Grand total (tax included)' : 'Total credited (tax included)'}: Rs. ${money(content.totals.total.gross)}`,
      MARGIN,
      y,
      { width: CONTENT_WIDTH, align: 'right' },
    );
  y = doc.y + 4;
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Amount in words: ${content.amountInWords}`, MARGIN, y, { width: CONTENT_WIDTH });
  const notes: string[] = [];
  if (!isInvoice && content.original) {
    notes.push(
      `Issued for the cancellation of order #${content.orderId}: it credits invoice ${content.original.number} in full, line by line as above.`,
    );
  }
  if (content.paymentNote) notes.push(`Payment: ${content.paymentNote}.`);
  notes.push('Prices include GST; the tax shown is contained in each amount.');
  if (content.prescription) {
    notes.push(
      approval
        ? `Prescription medicines${approval.patientName ? ` for ${approval.patientName}` : ''} dispensed on the approval of registered pharmacist ${approval.pharmacistName} (Reg. No. ${approval.pharmacistRegistrationNumber}) on ${indianDate(approval.approvedAt)}.`
        : 'Prescription medicines: awaiting review by our registered pharmacist.',
    );
  }
  doc
    .fontSize(8)
    .fillColor(GREY)
    .text(notes.join('\n'), MARGIN, doc.y + 10, {
      width: CONTENT_WIDTH,
    });
  doc
    .fontSize(8)
    .fillColor(GREY)
    .text(
      `This is a computer-generated ${isInvoice ? 'invoice' : 'credit note'} and needs no signature.`,
      MARGIN,
      doc.y + 14,
      { width: CONTENT_WIDTH, align: 'center' },
    );
}

/** 'INV/26-27/000123 · Page 1 of 2' at the foot of each page: a loose page is still identified. */
function numberPages(doc: Doc, number: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Writing inside the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(`${number} · Page ${index - start + 1} of ${count}`, MARGIN, doc.page.height - MARGIN, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * An A4 PDF of a stored invoice or credit note (Rule 46 / 53 of the CGST Rules). It prints only
 * the frozen content (and the pharmacist's approval, its own permanent record), so printing it
 * again next year gives the same document.
 */
export function renderTaxDocumentPdf(
  content: TaxDocumentContent,
  approval: DispensingApproval | null,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Kept until the end, so every page can say which document and page it is.
    bufferPages: true,
    info: {
      Title: `${content.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note'} ${content.number}`,
      Author: content.seller.legalName,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = drawHeader(doc, content);
  y = drawParties(doc, content, y);
  y = drawLines(doc, content, y);
  y = drawTotals(doc, content, y);
  drawFooter(doc, content, approval, y);
  numberPages(doc, content.number);
  doc.end();
  return done;
}
