import { z } from 'zod';

export { STOCK_ALERT_TEXTS } from '../constants/stock-alerts';

export const stockAlertStatusSchema = z.object({ waiting: z.boolean() });
export type StockAlertStatus = z.infer<typeof stockAlertStatusSchema>;

/** One 'Notify me when available' request of the signed-in shopper. */
export const stockAlertSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  /** The product can be bought now (the mail may still be on its way). */
  inStock: z.boolean(),
  requestedAt: z.string(),
  /** When the back-in-stock mail was queued; null while waiting. */
  notifiedAt: z.string().nullable(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

export const stockAlertListSchema = z.object({ alerts: z.array(stockAlertSchema) });
export type StockAlertList = z.infer<typeof stockAlertListSchema>;

/** The customer's mail choices (profile). */
export const mailPreferencesSchema = z.object({
  /** Dispatched and delivered mails; confirmations, cancellations and rejections always go. */
  orderProgressMails: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const JOB_STATES = ['failed', 'retry', 'created', 'active'] as const;
export const jobListQuerySchema = z.object({
  state: z.enum(JOB_STATES).default('failed'),
});

export const jobQueueCountsSchema = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  retrying: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
});

export const jobSummarySchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.string(),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdOn: z.string(),
  startAfter: z.string(),
  completedOn: z.string().nullable(),
  /** What the job is about, for people: the mail's kind, recipient and subject. */
  summary: z.string(),
  lastError: z.string().nullable(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const jobListResponseSchema = z.object({
  queues: z.array(jobQueueCountsSchema),
  jobs: z.array(jobSummarySchema),
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

export const jobParamsSchema = z.object({
  queue: z.string().min(1).max(100),
  id: z.string().uuid(),
});
