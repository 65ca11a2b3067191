import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ConsentKind } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { marketingConsents, newsletterSubscriptions } from '../../db/schema/index';

const sameEmail = (email: string) =>
  sql`lower(${marketingConsents.email}) = ${email.toLowerCase()}`;

/** The newest row of each kind for an address (marketing_consents_email_kind_idx). */
export async function newestConsents(db: DbOrTx, email: string, kinds: readonly ConsentKind[]) {
  const rows = await Promise.all(
    kinds.map(async (kind) => {
      const [row] = await db
        .select({
          kind: marketingConsents.kind,
          granted: marketingConsents.granted,
          source: marketingConsents.source,
          createdAt: marketingConsents.createdAt,
        })
        .from(marketingConsents)
        .where(and(sameEmail(email), eq(marketingConsents.kind, kind)))
        .orderBy(desc(marketingConsents.id))
        .limit(1);
      return row;
    }),
  );
  return rows.filter((row) => row !== undefined);
}

/** Whether the address signed up for the newsletter before consents were recorded. */
export async function hasActiveSubscription(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(
      and(
        sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`,
        isNull(newsletterSubscriptions.unsubscribedAt),
      ),
    );
  return row !== undefined;
}

export async function insertConsents(
  db: DbOrTx,
  rows: Array<{
    userId: number | null;
    email: string;
    kind: ConsentKind;
    granted: boolean;
    source: string;
  }>,
) {
  if (rows.length > 0) await db.insert(marketingConsents).values(rows);
}

/** The newsletter list follows its consent: withdrawn marks the sign-up unsubscribed. */
export async function setNewsletterUnsubscribed(db: DbOrTx, email: string, at: Date | null) {
  await db
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: at })
    .where(sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`);
}

/** Erasure: the sign-up row itself (the consent history keeps the proof). */
export async function deleteNewsletterSubscription(db: DbOrTx, email: string) {
  await db
    .delete(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`);
}

/** A customer's whole consent history, oldest first (the data download). */
export async function consentHistory(db: DbOrTx, userId: number, email: string) {
  return db
    .select({
      kind: marketingConsents.kind,
      granted: marketingConsents.granted,
      source: marketingConsents.source,
      createdAt: marketingConsents.createdAt,
    })
    .from(marketingConsents)
    .where(sql`${marketingConsents.userId} = ${userId} or ${sameEmail(email)}`)
    .orderBy(marketingConsents.id);
}

/** Of these addresses (lower case), the newest recorded answer for `kind` of those that have one. */
export async function newestAmong(
  db: DbOrTx,
  emails: readonly string[],
  kind: ConsentKind,
): Promise<Map<string, boolean>> {
  if (emails.length === 0) return new Map();
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  const rows = await db
    .selectDistinctOn([sql`lower(${marketingConsents.email})`], {
      email: sql<string>`lower(${marketingConsents.email})`,
      granted: marketingConsents.granted,
    })
    .from(marketingConsents)
    .where(
      and(
        eq(marketingConsents.kind, kind),
        inArray(sql`lower(${marketingConsents.email})`, lowered),
      ),
    )
    .orderBy(sql`lower(${marketingConsents.email})`, desc(marketingConsents.id));
  return new Map(rows.map((row) => [row.email, row.granted]));
}
