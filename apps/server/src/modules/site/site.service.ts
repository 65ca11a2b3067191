import { MESSAGES, type ContactInput, type NewsletterInput } from '@pharmacy/shared';
import type { Database } from '../../db/client';
import * as repository from './site.repository';

export function createSiteService(db: Database) {
  return {
    /** An address subscribes once; subscribing again answers the same, revealing nothing. */
    async subscribe(input: NewsletterInput): Promise<{ created: boolean; message: string }> {
      const created = await repository.insertNewsletterSubscription(db, input.email.toLowerCase());
      return { created, message: MESSAGES.newsletterSuccess };
    },

    async sendContactMessage(input: ContactInput): Promise<{ message: string }> {
      await repository.insertContactMessage(db, {
        name: input.name,
        email: input.email.toLowerCase(),
        message: input.message,
      });
      return { message: MESSAGES.contactSuccess };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
