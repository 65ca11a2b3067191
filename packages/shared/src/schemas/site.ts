import { z } from 'zod';
import { ONLINE_PAYMENT_PROVIDERS } from '../rules/payment-methods';
import { MESSAGES } from '../constants/messages';
import { EMAIL_PATTERN } from './common';

/** Spec §5 newsletter rule. */
export const newsletterSchema = z.object({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .min(1, MESSAGES.emailRequired)
    .max(254, MESSAGES.newsletterEmailInvalid)
    .regex(EMAIL_PATTERN, MESSAGES.newsletterEmailInvalid),
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** Spec §5 contact rule. */
export const contactSchema = z.object({
  name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(120),
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(254, MESSAGES.contactEmailInvalid)
    .regex(EMAIL_PATTERN, MESSAGES.contactEmailInvalid),
  message: z
    .string({ error: MESSAGES.messageRequired })
    .trim()
    .min(1, MESSAGES.messageRequired)
    .max(5000, 'Message must be at most 5000 characters.'),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** Public shop settings the web app reads at start (DECISIONS: shop settings are configuration). */
export const shopSettingsSchema = z.object({
  shopName: z.string(),
  currencySymbol: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  googleSignInEnabled: z.boolean(),
  /** Issue 19: the after-sales windows and the loyalty programme, as this shop configures them. */
  afterSales: z.object({
    changeOrCancelHours: z.number().int(),
    returnDays: z.number().int(),
    damageReportHours: z.number().int(),
  }),
  loyalty: z.object({
    earnPerMinor: z.number().int(),
    pointValueMinor: z.number().int(),
    maxRedeemPercent: z.number().int(),
    expiryMonths: z.number().int(),
  }),
  /**
   * Issue 30: the registered seller's address as printed on invoices (SELLER_ADDRESS, its State),
   * for the shop's structured data. Optional so the build's fallback settings need none.
   */
  address: z.object({ text: z.string(), state: z.string() }).optional(),
  /** Issue 28: the online payment this shop runs, and its cash-on-delivery maximum. */
  payments: z.object({
    online: z.enum(ONLINE_PAYMENT_PROVIDERS),
    /** COD_MAX_ORDER_VALUE in rupees; null when cash on delivery has no maximum. */
    codMaxOrderValue: z.number().nullable(),
  }),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
