import { z } from 'zod';

/**
 * The GST tax documents of an order (issue 18 point 3): its invoice, issued when the order is
 * paid by card or confirmed for cash on delivery, and the credit notes that reduce it.
 */
export const taxDocumentSummarySchema = z.object({
  /** INV/26-27/000123 or CN/26-27/000007. */
  number: z.string(),
  issuedAt: z.string(),
});
export type TaxDocumentSummary = z.infer<typeof taxDocumentSummarySchema>;

export const orderTaxDocumentsSchema = z.object({
  invoice: taxDocumentSummarySchema.nullable(),
  /** Oldest first; today a cancelled invoiced order has exactly one. */
  creditNotes: z.array(taxDocumentSummarySchema),
});
export type OrderTaxDocuments = z.infer<typeof orderTaxDocumentsSchema>;

export const NO_TAX_DOCUMENTS: OrderTaxDocuments = { invoice: null, creditNotes: [] };

/** The file a tax document downloads as: its number with the slashes made dashes. */
export function taxDocumentFileName(number: string): string {
  return `${number.replace(/\//g, '-')}.pdf`;
}
