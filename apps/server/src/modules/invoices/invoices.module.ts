import type { ComplianceService } from '../compliance/compliance.service';
import type { ModuleContext } from '../module';
import { invoicesRoutes } from './invoices.routes';
import { createInvoicesService } from './invoices.service';

/**
 * GST invoices and credit notes (decision 0015): the invoice takes its number in the payment's
 * transaction; a cancellation reverses an invoiced order with a credit note (CGST Act s.34).
 */
export function registerInvoices(
  ctx: ModuleContext,
  deps: { compliance: Pick<ComplianceService, 'approvalOf'> },
) {
  const invoices = createInvoicesService({
    db: ctx.db,
    seller: ctx.config.seller,
    compliance: deps.compliance,
    now: ctx.now,
  });
  ctx.orderEvents.on('order.paid', async (tx, event) => {
    const { order } = event;
    const invoice = await invoices.issueInvoice(
      tx,
      {
        orderId: order.id,
        placedAt: order.createdAt,
        buyerName: order.orderedByName,
        shippingAddress: order.shippingAddress,
        paymentNote: event.note,
        hasPrescriptionItems: order.hasPrescriptionItems,
        lines: event.lines,
        batches: event.batches,
        promotions: {
          couponCode: order.couponCode,
          couponDiscountMinor: order.couponDiscountMinor,
          pointsRedeemed: order.pointsRedeemed,
          pointsDiscountMinor: order.pointsDiscountMinor,
        },
      },
      event.byUserId,
    );
    event.receipt.invoiceNumber = invoice.number;
  });
  ctx.orderEvents.on('order.cancelled', async (tx, event) => {
    event.receipt.creditNoteNumber = await invoices.issueCreditNote(
      tx,
      event.order.id,
      event.byUserId,
    );
  });
  ctx.routes(invoicesRoutes, { invoices });
  return invoices;
}
