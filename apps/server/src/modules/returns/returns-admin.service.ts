import {
  OPEN_RETURN_STATUSES,
  checkReturnTransition,
  fromMinorUnits,
  toMinorUnits,
  type ReturnActionResponse,
  type ReturnQueueItem,
  type ReturnQueueQuery,
  type ReturnQueueResponse,
  type ReturnReceiveInput,
  type ReturnRefundInput,
  type ReturnStatus,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import type { ReturnRequestRow } from '../../db/schema/index';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import type { InvoicesService } from '../invoices/invoices.service';
import type { OrderEvents } from '../orders/order-events';
import type { RefundsService } from '../refunds/refunds.service';
import type { ReturnMailStep } from './returns-mail';
import { lineDueMinor, viewRequests } from './returns-view';
import * as repository from './returns.repository';
import type { ReturnsService } from './returns.service';

const NOT_FOUND = 'No return request found.';

/** Splits `total` over the weights (the lines' refund due), rounded down, remainder on the last. */
function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === weights.length - 1 ? total : 0));
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  const rest = total - shares.reduce((a, b) => a + b, 0);
  shares[shares.length - 1] = (shares[shares.length - 1] ?? 0) + rest;
  return shares;
}

/**
 * The pharmacy's side of returns (issue 19): the queue and each step of a request. A step locks
 * the request's row, moves it only as the shared state machine allows (409 otherwise), and
 * writes its event, audit entry, stock or money and the customer's mail in one transaction.
 */
export function createReturnsAdminService(deps: {
  db: Database;
  returns: Pick<ReturnsService, 'mailStep'>;
  /** `order.returned` puts the units back on their batches (inventory) in the same transaction. */
  events: OrderEvents;
  refunds: Pick<RefundsService, 'refund' | 'refundableMinor'>;
  invoices: Pick<InvoicesService, 'issuePartialCreditNote'>;
}) {
  const { db, returns, events, refunds, invoices } = deps;

  async function queueItem(
    tx: DbOrTx,
    row: NonNullable<Awaited<ReturnType<typeof repository.findWithCustomer>>>,
    request: Awaited<ReturnType<typeof viewRequests>>[number],
  ): Promise<ReturnQueueItem> {
    const refundable = await refunds.refundableMinor(tx, row.request.orderId);
    return {
      ...request,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      orderTotal: fromMinorUnits(row.orderTotalMinor),
      paymentNote: row.paymentNote,
      refundable: fromMinorUnits(refundable),
    };
  }

  async function one(tx: DbOrTx, id: number): Promise<ReturnQueueItem> {
    const row = await repository.findWithCustomer(tx, id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    const [request] = await viewRequests(tx, [row.request]);
    return queueItem(tx, row, request as NonNullable<typeof request>);
  }

  /** One step of a request, all of it in one transaction. */
  async function step(
    session: Session,
    id: number,
    to: ReturnStatus,
    work: (
      tx: DbOrTx,
      request: ReturnRequestRow,
    ) => Promise<{ note: string | null; mail: ReturnMailStep | null; details?: object } | void>,
    message: string,
  ): Promise<ReturnActionResponse> {
    await db.transaction(async (tx) => {
      const request = await repository.lockRequest(tx, id);
      if (!request) throw new NotFoundError(NOT_FOUND);
      const from = request.status as ReturnStatus;
      const check = checkReturnTransition(from, to);
      if (!check.allowed) throw new ConflictError(check.reason);
      const done = (await work(tx, request)) ?? { note: null, mail: null };
      await repository.updateRequest(tx, id, { status: to });
      await repository.insertEvent(tx, {
        returnRequestId: id,
        fromStatus: from,
        toStatus: to,
        byUserId: session.userId,
        note: done.note,
      });
      await recordAudit(tx, {
        actorUserId: session.userId,
        action: 'return.status_changed',
        entityType: 'return_request',
        entityId: id,
        details: { orderId: request.orderId, from, to, note: done.note, ...done.details },
      });
      if (done.mail) await returns.mailStep(tx, request, done.mail);
    });
    return { message, request: await one(db, id) };
  }

  return {
    async queue(query: ReturnQueueQuery): Promise<ReturnQueueResponse> {
      const statuses = query.status === 'open' ? OPEN_RETURN_STATUSES : [query.status];
      const [{ rows, rowCount }, counts, open] = await Promise.all([
        repository.queue(db, statuses, query.page, query.pageSize),
        repository.countsByStatus(db),
        repository.countOpen(db, OPEN_RETURN_STATUSES),
      ]);
      const views = await viewRequests(
        db,
        rows.map((row) => row.request),
      );
      const requests = [];
      for (const [i, row] of rows.entries())
        requests.push(await queueItem(db, row, views[i] as NonNullable<(typeof views)[number]>));
      return {
        requests,
        pagination: {
          page: query.page,
          pageSize: query.pageSize,
          rowCount,
          pageCount: Math.ceil(rowCount / query.pageSize),
        },
        counts: { ...counts, open },
      };
    },

    get: (id: number) => one(db, id),

    countOpen: () => repository.countOpen(db, OPEN_RETURN_STATUSES),

    approve: (session: Session, id: number) =>
      step(
        session,
        id,
        'approved',
        async () => ({ note: null, mail: { step: 'approved' } }),
        'The request is approved; the customer has been told how to send the items back.',
      ),

    reject: (session: Session, id: number, reason: string) =>
      step(
        session,
        id,
        'rejected',
        async (tx) => {
          await repository.updateRequest(tx, id, { rejectionReason: reason });
          return { note: reason, mail: { step: 'rejected', reason } };
        },
        'The request is rejected; the customer has been told why.',
      ),

    receive: (session: Session, id: number, input: ReturnReceiveInput) =>
      step(
        session,
        id,
        'received',
        async (tx, request) => {
          const details = await repository.detailsOf(tx, [id]);
          const given = new Map(input.lines.map((l) => [l.orderLineId, l.resaleableUnits]));
          for (const orderLineId of given.keys())
            if (!details.lines.some((line) => line.orderLineId === orderLineId))
              throw new BadRequestError('lines: An item is not part of this request.');
          const taken = await repository.unitsInRequests(tx, request.orderId);
          const lines = details.lines.map((line) => {
            const resaleableUnits = given.get(line.orderLineId) ?? 0;
            if (resaleableUnits > line.units)
              throw new BadRequestError(
                `lines: At most ${line.units} units of ${line.productName} came back.`,
              );
            return {
              orderLineId: line.orderLineId,
              units: line.units,
              resaleableUnits,
              unitsAlreadyReceived: taken.get(line.orderLineId)?.received ?? 0,
            };
          });
          for (const line of lines)
            await repository.setResaleable(tx, id, line.orderLineId, line.resaleableUnits);
          await events.publish(tx, 'order.returned', {
            orderId: request.orderId,
            returnRequestId: id,
            byUserId: session.userId,
            lines,
          });
          const resaleable = lines.reduce((sum, l) => sum + l.resaleableUnits, 0);
          const writtenOff = lines.reduce((sum, l) => sum + l.units - l.resaleableUnits, 0);
          return {
            note: `${resaleable} back in stock, ${writtenOff} written off`,
            mail: { step: 'received' },
            details: { resaleable, writtenOff },
          };
        },
        'The items are received; resaleable units are back in stock.',
      ),

    refund: (session: Session, id: number, input: ReturnRefundInput) =>
      step(
        session,
        id,
        'refunded',
        async (tx, request) => {
          const details = await repository.detailsOf(tx, [id]);
          const dues = details.lines.map(lineDueMinor);
          const due = dues.reduce((a, b) => a + b, 0);
          const amountMinor = input.amount === undefined ? due : toMinorUnits(input.amount);
          if (amountMinor <= 0)
            throw new ConflictError(
              'Nothing is due for these items, so there is nothing to refund.',
            );
          const refund = await refunds.refund(tx, {
            orderId: request.orderId,
            reason: request.kind === 'damage' ? 'damage' : 'return',
            amountMinor,
            returnRequestId: id,
            byUserId: session.userId,
            ...(input.payout ? { payout: input.payout } : {}),
          });
          const shares = allocate(amountMinor, dues);
          const creditNote = await invoices.issuePartialCreditNote(
            tx,
            request.orderId,
            details.lines
              .map((line, i) => ({
                orderLineId: line.orderLineId,
                units: line.units,
                amountMinor: shares[i] ?? 0,
              }))
              .filter((line) => line.amountMinor > 0),
            session.userId,
          );
          await repository.updateRequest(tx, id, { resolution: 'refund' });
          return {
            note: `Refunded ${fromMinorUnits(amountMinor).toFixed(2)}`,
            // The refunds engine mails the refund itself.
            mail: null,
            details: { refundId: refund.id, amountMinor, creditNote },
          };
        },
        'The refund is recorded; the customer has been told.',
      ),

    replace: (session: Session, id: number, note: string | undefined) =>
      step(
        session,
        id,
        'replaced',
        async (tx, request) => {
          if (request.kind !== 'damage')
            throw new ConflictError(
              'Only damaged or wrong items are replaced; a return is settled with a refund.',
            );
          await repository.updateRequest(tx, id, { resolution: 'replacement' });
          const text = note?.trim() ? note.trim() : null;
          return { note: text, mail: { step: 'replaced', note: text } };
        },
        'The replacement is recorded; the customer has been told.',
      ),
  };
}

export type ReturnsAdminService = ReturnType<typeof createReturnsAdminService>;
