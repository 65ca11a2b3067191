import { z } from 'zod';
import {
  DEFAULT_GST_RATE,
  DEFAULT_HSN_CODE,
  amountInWords,
  findGstState,
  gstInvoiceTotals,
  gstLine,
  isGstRate,
  lineTotalMinor,
  type GstRate,
  type SupplyType,
  type TaxDocumentKind,
} from '@pharmacy/shared';
import type { SellerConfig } from '../../config/env';
import type { ShippingAddressSnapshot } from '../../db/schema/index';

const paise = z.number().int().min(0);
const amountsSchema = z.object({
  gross: paise,
  taxable: paise,
  tax: paise,
  cgst: paise,
  sgst: paise,
  igst: paise,
});
/** A place as printed: the GST code is null when the address's State was not recognised. */
const placeSchema = z.object({ code: z.string().nullable(), name: z.string() });
const documentRefSchema = z.object({ number: z.string(), issuedAt: z.string() });

/**
 * Everything an invoice or credit note prints, frozen when it is issued (tax_documents.content):
 * a later change of the catalogue, the address book or the seller's configuration cannot alter a
 * document already given to the customer. Read back through this schema, so a row that does not
 * match fails loudly instead of printing half an invoice.
 */
export const taxDocumentContentSchema = z.object({
  version: z.literal(1),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  issuedAt: z.string(),
  orderId: z.number().int(),
  orderPlacedAt: z.string(),
  paymentNote: z.string().nullable(),
  /** For a credit note: the invoice it reduces. */
  original: documentRefSchema.nullable(),
  seller: z.object({
    legalName: z.string(),
    address: z.string(),
    state: placeSchema,
    gstin: z.string(),
    drugLicenceNumbers: z.string(),
  }),
  buyer: z.object({
    name: z.string(),
    addressLines: z.array(z.string()),
    phone: z.string().nullable(),
  }),
  placeOfSupply: placeSchema,
  supplyType: z.enum(['intra_state', 'inter_state']),
  /** SGST, or UTGST for a seller in a Union territory without a legislature. */
  stateTaxLabel: z.enum(['SGST', 'UTGST']),
  lines: z.array(
    amountsSchema.extend({
      productName: z.string(),
      hsnCode: z.string(),
      rate: z.number().int(),
      units: z.number().int().positive(),
      mrpMinor: paise,
      unitPriceMinor: paise,
      /**
       * What the customer saved on the line: (MRP − price) × units, plus the line's share of a
       * coupon and points (issue 19), so MRP × units − discount = the line's amount.
       */
      discountMinor: paise,
      /** The line's share of the coupon and points discounts; gross and tax are after it. */
      promotionDiscountMinor: paise.optional(),
      batches: z.array(
        z.object({ batchNumber: z.string(), expiryDate: z.string(), units: z.number().int() }),
      ),
    }),
  ),
  totals: z.object({
    byRate: z.array(amountsSchema.extend({ rate: z.number().int() })),
    total: amountsSchema,
  }),
  amountInWords: z.string(),
  /** Issue 19: the coupon and points the order was paid with (null when neither). */
  promotions: z
    .object({
      couponCode: z.string().nullable(),
      couponDiscountMinor: paise,
      pointsRedeemed: z.number().int().min(0),
      pointsDiscountMinor: paise,
    })
    .nullable()
    .optional(),
  /** Prescription orders print the approving pharmacist, read from the review when printed. */
  prescription: z.boolean(),
});
export type TaxDocumentContent = z.infer<typeof taxDocumentContentSchema>;

/** What the orders module knows of the order being invoiced, in the confirming transaction. */
export interface InvoiceSubject {
  orderId: number;
  placedAt: Date;
  buyerName: string;
  shippingAddress: ShippingAddressSnapshot | null;
  paymentNote: string | null;
  hasPrescriptionItems: boolean;
  lines: Array<{
    id: number;
    productId: number | null;
    productName: string;
    unitPriceMinor: number;
    maximumRetailPriceMinor: number;
    quantity: number;
    /** The line's share of the coupon and points discounts (issue 19), in paise. */
    discountMinor?: number;
  }>;
  /** The coupon and points the order is paid with (issue 19). */
  promotions?: {
    couponCode: string | null;
    couponDiscountMinor: number;
    pointsRedeemed: number;
    pointsDiscountMinor: number;
  };
  /** The batches the units were allocated from (FEFO, at placing). */
  batches: Array<{ orderLineId: number; batchNumber: string; expiryDate: string; units: number }>;
}

export interface ProductTax {
  hsnCode: string;
  gstRate: number;
}

function addressLines(address: ShippingAddressSnapshot | null): string[] {
  if (!address) return [];
  return [
    address.street,
    `${address.city}, ${address.state} ${address.pinCode}`.trim(),
    address.country,
  ].filter((line) => line.trim() !== '');
}

/**
 * The invoice of a paid order. The place of supply is the delivery address's State (IGST Act
 * s.10(1)(a)); when its State field names no State the seller knows (free text in the address
 * book), the supply is taken as within the seller's State and the State is printed as written.
 * A line whose product has left the catalogue is taxed at the defaults for medicines.
 */
export function buildInvoiceContent(
  subject: InvoiceSubject,
  seller: SellerConfig,
  taxes: ReadonlyMap<number, ProductTax>,
  document: { number: string; issuedAt: Date },
): TaxDocumentContent {
  const sellerState = findGstState(seller.state.code);
  const deliveryState = subject.shippingAddress
    ? findGstState(subject.shippingAddress.state)
    : undefined;
  const supply: SupplyType =
    deliveryState && deliveryState.code !== seller.state.code ? 'inter_state' : 'intra_state';
  const lines = subject.lines.map((line) => {
    const tax = line.productId === null ? undefined : taxes.get(line.productId);
    const rate: GstRate = tax && isGstRate(tax.gstRate) ? tax.gstRate : DEFAULT_GST_RATE;
    const listed = lineTotalMinor(line.unitPriceMinor, line.quantity);
    // Tax is on what is paid for the line: its amount less its share of the coupon and points.
    const promotion = Math.min(listed, Math.max(0, line.discountMinor ?? 0));
    const gross = listed - promotion;
    return {
      productName: line.productName,
      hsnCode: tax?.hsnCode ?? DEFAULT_HSN_CODE,
      units: line.quantity,
      mrpMinor: line.maximumRetailPriceMinor,
      unitPriceMinor: line.unitPriceMinor,
      discountMinor:
        Math.max(0, line.maximumRetailPriceMinor - line.unitPriceMinor) * line.quantity + promotion,
      promotionDiscountMinor: promotion,
      batches: subject.batches
        .filter((batch) => batch.orderLineId === line.id)
        .map(({ batchNumber, expiryDate, units }) => ({ batchNumber, expiryDate, units })),
      ...gstLine(gross, rate, supply),
    };
  });
  const totals = gstInvoiceTotals(
    lines.map(({ rate, gross, taxable, tax, cgst, sgst, igst }) => ({
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
    version: 1,
    kind: 'invoice',
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    orderId: subject.orderId,
    orderPlacedAt: subject.placedAt.toISOString(),
    paymentNote: subject.paymentNote,
    original: null,
    seller: {
      legalName: seller.legalName,
      address: seller.address,
      state: { code: seller.state.code, name: seller.state.name },
      gstin: seller.gstin,
      drugLicenceNumbers: seller.drugLicenceNumbers,
    },
    buyer: {
      name: subject.shippingAddress?.name ?? subject.buyerName,
      addressLines: addressLines(subject.shippingAddress),
      phone: subject.shippingAddress?.phone ?? null,
    },
    placeOfSupply: deliveryState
      ? { code: deliveryState.code, name: deliveryState.name }
      : { code: null, name: subject.shippingAddress?.state ?? seller.state.name },
    supplyType: supply,
    stateTaxLabel: sellerState?.stateTax ?? 'SGST',
    lines,
    totals,
    amountInWords: amountInWords(totals.total.gross),
    promotions:
      subject.promotions &&
      subject.promotions.couponDiscountMinor + subject.promotions.pointsDiscountMinor > 0
        ? subject.promotions
        : null,
    prescription: subject.hasPrescriptionItems,
  };
}

/**
 * The credit note of a cancelled invoiced order (CGST Act s.34): the invoice's own lines and
 * taxes, for its full value, under the credit note's number, pointing back at the invoice. The
 * seller and buyer stay as the invoice printed them.
 */
export function buildCreditNoteContent(
  invoice: TaxDocumentContent,
  document: { number: string; issuedAt: Date },
): TaxDocumentContent {
  const kind: TaxDocumentKind = 'credit_note';
  return {
    ...invoice,
    kind,
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    original: { number: invoice.number, issuedAt: invoice.issuedAt },
  };
}
