import {
  CONTACT_INBOX_PAGE_SIZE,
  type ContactMessage,
  type ContactMessageListQuery,
  type ContactMessageListResponse,
} from '@pharmacy/shared';
import type { Database } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';
import * as repository from './support-inbox.repository';

const NO_MESSAGE = 'No contact message found.';

const toMessage = (row: repository.ContactMessageRow): ContactMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  handledAt: row.handledAt?.toISOString() ?? null,
});

/** Issue 18: the admins' inbox of Contact Us messages, each open until someone handles it. */
export function createSupportInboxService(deps: { db: Database; now?: (() => Date) | undefined }) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  /**
   * Marks a message handled or open again. Asking for the state it is already in changes nothing
   * and writes no audit entry, so a double click or a second admin's click is harmless.
   */
  async function setHandled(
    id: number,
    actorUserId: number,
    handled: boolean,
  ): Promise<ContactMessage> {
    await db.transaction(async (tx) => {
      const current = await repository.lockMessage(tx, id);
      if (!current) throw new NotFoundError(NO_MESSAGE);
      if ((current.handledAt !== null) === handled) return;
      await repository.setHandled(tx, id, handled ? { at: now(), byUserId: actorUserId } : null);
      await recordAudit(tx, {
        actorUserId,
        action: handled ? 'contact_message.handled' : 'contact_message.reopened',
        entityType: 'contact_message',
        entityId: id,
        details: handled
          ? { handled: { from: false, to: true } }
          : {
              handled: { from: true, to: false },
              wasHandledAt: current.handledAt?.toISOString() ?? null,
            },
      });
    });
    const row = await repository.findMessage(db, id);
    if (!row) throw new NotFoundError(NO_MESSAGE);
    return toMessage(row);
  }

  return {
    async list(query: ContactMessageListQuery): Promise<ContactMessageListResponse> {
      const pageSize = CONTACT_INBOX_PAGE_SIZE;
      const [{ rows, rowCount }, openCount] = await Promise.all([
        repository.listMessages(db, query.status, query.page, pageSize),
        repository.countOpen(db),
      ]);
      return {
        messages: rows.map(toMessage),
        pagination: {
          page: query.page,
          pageSize,
          rowCount,
          pageCount: Math.ceil(rowCount / pageSize),
        },
        openCount,
      };
    },

    /** The dashboard's queue: messages nobody has handled yet. */
    openCount: () => repository.countOpen(db),

    markHandled: (id: number, actorUserId: number) => setHandled(id, actorUserId, true),
    reopen: (id: number, actorUserId: number) => setHandled(id, actorUserId, false),
  };
}

export type SupportInboxService = ReturnType<typeof createSupportInboxService>;
