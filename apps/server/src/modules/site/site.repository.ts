import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages, newsletterSubscriptions } from '../../db/schema/index';

/** Returns true when the address was new; an existing subscription is left as it is. */
export async function insertNewsletterSubscription(db: DbOrTx, email: string): Promise<boolean> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email })
    // The only unique key is lower(email), so any conflict means 'already subscribed'.
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return inserted.length > 0;
}

export async function insertContactMessage(
  db: DbOrTx,
  message: { name: string; email: string; message: string },
): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values(message)
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned no row');
  return row.id;
}

export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
