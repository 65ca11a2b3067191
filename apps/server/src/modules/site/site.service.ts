import { MESSAGES, type ContactInput, type NewsletterInput } from '@pharmacy/shared';
import type { Database } from '../../db/client';
import type { ConsentsService } from '../privacy/consents.service';
import * as repository from './site.repository';

export function createSiteService(db: Database, consents: Pick<ConsentsService, 'record'>) {
  return {
    /** An address subscribes once; subscribing again answers the same, revealing nothing. */
    async subscribe(input: NewsletterInput): Promise<{ created: boolean; message: string }> {
      const email = input.email.toLowerCase();
      // Issue 32: the sign-up is a recorded consent (again after an unsubscribe clears it).
      const created = await db.transaction(async (tx) => {
        await consents.record(tx, { userId: null, email }, { newsletter: true }, 'newsletter-form');
        return repository.insertNewsletterSubscription(tx, email);
      });
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
