import PDFDocument from 'pdfkit';
import type { OrderDetailResponse, Shipment } from '@pharmacy/shared';

const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4 in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const RULE = '#9ca3af';
const GREY = '#4b5563';

/** Expiry as packs print it: 2027-05-31 → 05/2027. */
const expiryMonth = (day: string) => `${day.slice(5, 7)}/${day.slice(0, 4)}`;

const COLUMNS = [
  { header: '#', width: 24 },
  { header: 'Item', width: 215 },
  { header: 'Qty', width: 36 },
  { header: 'Batch', width: 100 },
  { header: 'Expiry', width: 60 },
  { header: 'Rx', width: 80 },
] as const;

/**
 * The packing slip (issue 29): what goes in the parcel and from which batches, with the
 * prescription flag for the pharmacist's last look, and no prices (it travels in the box).
 */
export async function renderPackingSlip(
  detail: OrderDetailResponse,
  shipments: readonly Shipment[],
  shopName: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Packing slip — order #${detail.order.id}`, Author: shopName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { order } = detail;
  doc.font('Helvetica-Bold').fontSize(16).text(shopName);
  doc.font('Helvetica').fontSize(12).text(`Packing slip — order #${order.id}`);
  doc.moveDown(0.5);
  doc.fontSize(9).fillColor(GREY);
  doc.text(`Ordered on ${order.createdAt.slice(0, 10)}`);
  if (order.expectedDeliveryDate) doc.text(`Promised delivery: ${order.expectedDeliveryDate}`);
  doc.fillColor('black').moveDown(0.5);

  const address = order.shippingAddress;
  if (address) {
    doc.font('Helvetica-Bold').fontSize(10).text('Deliver to');
    doc.font('Helvetica').fontSize(10);
    doc.text(address.name);
    doc.text(address.street);
    doc.text(`${address.city}, ${address.state} ${address.pinCode}`);
    doc.text(`Phone ${address.phone}`);
    doc.moveDown(0.5);
  }
  if (shipments.length > 0) {
    doc.font('Helvetica-Bold').fontSize(10).text('Parcels');
    doc.font('Helvetica').fontSize(10);
    for (const shipment of shipments)
      doc.text(
        `${shipment.courier.name} ${shipment.awb}${shipment.note ? ` — ${shipment.note}` : ''}`,
      );
    doc.moveDown(0.5);
  }

  let y = doc.y + 4;
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height =
      Math.max(
        ...COLUMNS.map((column, i) =>
          doc.heightOfString(cells[i] ?? '', { width: column.width - 6 }),
        ),
      ) + 6;
    if (y + height > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    let x = MARGIN;
    COLUMNS.forEach((column, i) => {
      doc.text(cells[i] ?? '', x + 3, y + 3, { width: column.width - 6 });
      x += column.width;
    });
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  row(
    COLUMNS.map((column) => column.header),
    true,
  );
  detail.orderDetails.forEach((line, index) => {
    const batches = (line.batches ?? []).filter((batch) => !batch.returned);
    row([
      String(index + 1),
      line.productName,
      String(line.quantity),
      batches.map((batch) => `${batch.batchNumber} × ${batch.units}`).join('\n') || '-',
      batches.map((batch) => expiryMonth(batch.expiryDate)).join('\n') || '-',
      line.prescription ? 'Prescription' : '',
    ]);
  });
  const units = detail.orderDetails.reduce((sum, line) => sum + line.quantity, 0);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `${detail.orderDetails.length} lines, ${units} units. Checked and packed by: ____________`,
      MARGIN,
      y + 10,
    );
  doc.end();
  return done;
}
