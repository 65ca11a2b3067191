import type { ModuleContext } from '../module';
import { auditRoutes } from './audit.routes';
import { recordAudit } from './audit.service';

/**
 * The audit chain's entries for the order's life. Entries are appended just before the
 * transaction commits (db/before-commit.ts), in the order they were recorded.
 */
export function registerAudit(ctx: ModuleContext) {
  const events = ctx.orderEvents;
  events.on(
    'order.status_changed',
    async (tx, change) => {
      await recordAudit(tx, {
        actorUserId: change.byUserId,
        action: 'order.status_changed',
        entityType: 'order',
        entityId: change.order.id,
        details: { from: change.from, to: change.to, note: change.note },
      });
    },
    { stage: 'notify' },
  );
  events.on(
    'order.cancelled',
    async (tx, cancelled) => {
      await recordAudit(tx, {
        actorUserId: cancelled.byUserId,
        action: 'order.cancelled',
        entityType: 'order',
        entityId: cancelled.order.id,
        details: {
          by: cancelled.by,
          reasonCode: cancelled.reasonCode,
          reasonText: cancelled.reasonText,
          refundMinor: cancelled.receipt.refund?.amountMinor ?? 0,
          creditNote: cancelled.receipt.creditNoteNumber,
        },
      });
    },
    { stage: 'notify' },
  );
  ctx.routes(auditRoutes, { db: ctx.db });
}
