import { count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ContactMessageStatus } from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import { contactMessages, users } from '../../db/schema/index';

const isOpen = isNull(contactMessages.handledAt);
const statusCondition = (status: ContactMessageStatus) =>
  status === 'open' ? isOpen : isNotNull(contactMessages.handledAt);

/**
 * One page of a tab with its total. Open messages newest first (contact_messages_open_idx);
 * handled ones most recently handled first, so a message just handled heads its tab.
 */
/** What a message shows in the inbox: its text and who handled it. */
const messageColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
  handledByName: users.name,
};

export async function listMessages(
  db: DbOrTx,
  status: ContactMessageStatus,
  page: number,
  pageSize: number,
) {
  const order =
    status === 'open'
      ? [desc(contactMessages.createdAt), desc(contactMessages.id)]
      : [desc(contactMessages.handledAt), desc(contactMessages.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(messageColumns)
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.handledByUserId))
      .where(statusCondition(status))
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(contactMessages).where(statusCondition(status)),
  ]);
  return { rows, rowCount: total?.n ?? 0 };
}

export async function countOpen(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isOpen);
  return row?.n ?? 0;
}

/** The message's state, its row locked so two admins clicking at once write one audit entry. */
export async function lockMessage(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: contactMessages.id, handledAt: contactMessages.handledAt })
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for('update');
  return row;
}

export async function setHandled(
  tx: DbOrTx,
  id: number,
  handled: { at: Date; byUserId: number } | null,
) {
  await tx
    .update(contactMessages)
    .set({ handledAt: handled?.at ?? null, handledByUserId: handled?.byUserId ?? null })
    .where(eq(contactMessages.id, id));
}

export async function findMessage(db: DbOrTx, id: number) {
  const [row] = await db
    .select(messageColumns)
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.handledByUserId))
    .where(eq(contactMessages.id, id));
  return row;
}

export type ContactMessageRow = NonNullable<Awaited<ReturnType<typeof findMessage>>>;
