import { z } from 'zod';
import { paginationSchema } from './common';

/** Issue 18: the admin inbox of Contact Us messages. Open means nobody has handled it yet. */
export const CONTACT_MESSAGE_STATUSES = ['open', 'handled'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

export const CONTACT_INBOX_PAGE_SIZE = 20;

export const CONTACT_INBOX_MESSAGES = {
  status: 'Status must be open or handled.',
  page: 'Page must be a whole number from 1.',
} as const;

export const contactMessageListQuerySchema = z.object({
  status: z
    .enum(CONTACT_MESSAGE_STATUSES, { error: CONTACT_INBOX_MESSAGES.status })
    .default('open'),
  page: z.coerce
    .number({ error: CONTACT_INBOX_MESSAGES.page })
    .int(CONTACT_INBOX_MESSAGES.page)
    .min(1, CONTACT_INBOX_MESSAGES.page)
    .max(100_000, CONTACT_INBOX_MESSAGES.page)
    .default(1),
});
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuerySchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** Null while the message is open. */
  handledAt: z.string().nullable(),
  /** The admin who handled it, as they are named now; null when open or the account is gone. */
  handledByName: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageListResponseSchema = z.object({
  messages: z.array(contactMessageSchema),
  pagination: paginationSchema,
  /** Messages nobody has handled yet, whichever tab is shown (the menu's and tab's count). */
  openCount: z.number().int().min(0),
});
export type ContactMessageListResponse = z.infer<typeof contactMessageListResponseSchema>;
