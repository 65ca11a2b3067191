import {
  CANCEL_REASONS,
  FINAL_ORDER_STATUSES,
  ORDER_NOT_FOUND,
  ORDER_STATUS,
  addressChangeCheck,
  checkTransition,
  customerCancelCheck,
  type AfterSalesPolicy,
  type CancelOrderInput,
  type Order,
  type OrderAfterSales,
  type OrderStatusId,
  type PayoutChannel,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import type { AddressesService } from '../addresses/addresses.service';
import { recordAudit } from '../audit/audit.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { InventoryService } from '../inventory/inventory.service';
import type { InvoicesService } from '../invoices/invoices.service';
import type { MailOutbox } from '../notifications/mail-outbox';
import type { OrderMail } from '../notifications/order-mail';
import { createStatusChanges, toOrder } from '../orders/order-status';
import type { OrderRow } from '../orders/orders.repository';
import type { OrdersService } from '../orders/orders.service';
import type { RefundsService } from '../refunds/refunds.service';
import * as repository from './aftersales.repository';
import { cancelMail } from './cancel-mail';

export const ALREADY_CANCELLED = 'This order is already cancelled.';
export const PHARMACY_CANCEL_CODE = 'pharmacy';
const PHARMACY_CANCEL_LABEL = 'Cancelled by the pharmacy';
const HOUR_MS = 3_600_000;

export type OnCancelled = (tx: DbOrTx, event: { orderId: number; userId: number }) => Promise<void>;

/** Who cancels and why: the owner with a listed reason, or an admin with the note they wrote. */
export interface CancelBy {
  by: 'customer' | 'admin';
  userId: number | null;
  reasonCode: string;
  reasonText: string | null;
}

export const reasonLabel = (code: string) =>
  code === PHARMACY_CANCEL_CODE
    ? PHARMACY_CANCEL_LABEL
    : (CANCEL_REASONS.find((reason) => reason.code === code)?.label ?? code);

/**
 * Issue 19 item 1: the owner's cancellation and address change within the FAQ's window, and the
 * one cancellation the admin's status change goes through too. A cancellation is one transaction
 * under the order's row lock: stock back to its batches, status, who and why, credit note, the
 * full refund of what was paid, the coupon and points hooks, audit and mail; it cannot half-happen.
 */
export function createAftersalesService(deps: {
  db: Database;
  orders: Pick<OrdersService, 'lockVisible' | 'assertVisible'>;
  inventory: Pick<InventoryService, 'returnOrderStock'>;
  invoices: Pick<InvoicesService, 'issueCreditNote'>;
  refunds: RefundsService;
  compliance: ComplianceService;
  orderMail: OrderMail;
  outbox: MailOutbox;
  catalog: Pick<CatalogService, 'stockChanged'>;
  addresses: AddressesService;
  policy: AfterSalesPolicy;
  publicUrl: string;
  shopName: string;
  currencySymbol: string;
  now?: () => Date;
  /** Told of every cancellation inside its transaction (coupon use released, points reversed). */
  onCancelled?: OnCancelled[];
}) {
  const { db, orders, refunds } = deps;
  const now = deps.now ?? (() => new Date());
  const onCancelled = deps.onCancelled ?? [];
  // The cancellation mail below says it with the refund; the plain status mail would repeat it.
  const changeStatus = createStatusChanges(deps.compliance, {
    ...deps.orderMail,
    statusChanged: async () => {},
  });

  async function cancelInTx(tx: DbOrTx, order: OrderRow, who: CancelBy) {
    if (order.statusId === ORDER_STATUS.CANCELLED) throw new ConflictError(ALREADY_CANCELLED);
    if (who.by === 'customer') {
      const check = customerCancelCheck(order, now(), deps.policy);
      if (!check.allowed) throw new ConflictError(check.reason);
    }
    // The state machine refuses before any stock moves (changeStatus checks it again).
    const context = await deps.compliance.transitionContext(tx, order);
    const transition = checkTransition(
      order.statusId as OrderStatusId,
      ORDER_STATUS.CANCELLED,
      who.by,
      context,
    );
    if (!transition.allowed) throw new ConflictError(transition.reason);

    // Back to the batches the units came from, product rows locked in id order (as placing does).
    await deps.inventory.returnOrderStock(tx, order.id, who.userId);
    const reason = who.reasonText ?? reasonLabel(who.reasonCode);
    await changeStatus(tx, order, ORDER_STATUS.CANCELLED, who.userId, reason, who.by);
    await repository.insertCancellation(tx, {
      orderId: order.id,
      cancelledByUserId: who.userId,
      cancelledBy: who.by,
      reasonCode: who.reasonCode,
      reasonText: who.reasonText,
    });
    // An invoiced order is never renumbered: a credit note reverses it (CGST Act s.34).
    const creditNoteNumber = await deps.invoices.issueCreditNote(tx, order.id, who.userId);
    const left = await refunds.refundableMinor(tx, order.id);
    const refund =
      left > 0
        ? await refunds.refund(tx, {
            orderId: order.id,
            reason: 'cancellation',
            amountMinor: left,
            byUserId: who.userId,
            mail: false,
          })
        : null;
    for (const hook of onCancelled) await hook(tx, { orderId: order.id, userId: order.userId });
    await recordAudit(tx, {
      actorUserId: who.userId,
      action: 'order.cancelled',
      entityType: 'order',
      entityId: order.id,
      details: {
        by: who.by,
        reasonCode: who.reasonCode,
        reasonText: who.reasonText,
        refundMinor: refund?.amountMinor ?? 0,
        creditNote: creditNoteNumber,
      },
    });
    await deps.outbox.enqueue(
      tx,
      'order.cancelled',
      cancelMail(
        {
          orderId: order.id,
          email: order.orderedByEmail,
          name: order.orderedByName,
          by: who.by,
          reason: reason,
          refund: refund
            ? {
                amountMinor: refund.amountMinor,
                method: refund.method as 'card' | 'payout',
                payoutChannel: refund.payoutChannel as PayoutChannel | null,
                payoutReference: refund.payoutReference,
              }
            : null,
          creditNoteNumber,
        },
        deps,
      ),
    );
  }

  /** The owner's own order, locked; anybody else's (an admin's too) is 'not found' here. */
  async function ownOrder(session: Session, orderId: number, tx: DbOrTx) {
    const order = await orders.lockVisible(session, orderId, tx);
    if (order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  async function afterSales(session: Session, orderId: number): Promise<OrderAfterSales> {
    const order = await orders.assertVisible(session, orderId);
    const [cancellation, refundList] = await Promise.all([
      repository.findCancellation(db, orderId),
      refunds.listForOrder(db, orderId),
    ]);
    const at = now();
    const cancel = customerCancelCheck(order, at, deps.policy);
    const open = !FINAL_ORDER_STATUSES.includes(order.statusId as OrderStatusId);
    return {
      cancellation: cancellation
        ? {
            by: cancellation.cancelledBy as 'customer' | 'admin',
            byName: cancellation.byName,
            reasonCode: cancellation.reasonCode,
            reasonLabel: reasonLabel(cancellation.reasonCode),
            reasonText: cancellation.reasonText,
            at: cancellation.createdAt.toISOString(),
          }
        : null,
      refunds: refundList,
      canCancel: cancel.allowed,
      cancelBlockReason: cancel.allowed ? null : cancel.reason,
      canChangeAddress: addressChangeCheck(order, at, deps.policy).allowed,
      cancelDeadline:
        open && cancel.allowed
          ? new Date(
              order.createdAt.getTime() + deps.policy.changeOrCancelHours * HOUR_MS,
            ).toISOString()
          : null,
    };
  }

  return {
    cancelInTx,

    /**
     * A card payment recorded after the order was cancelled: everything not yet given back is
     * refunded at once (the refund mail says so), in the transaction that records the payment.
     */
    async refundLatePayment(tx: DbOrTx, orderId: number, byUserId: number | null) {
      const left = await refunds.refundableMinor(tx, orderId);
      if (left > 0)
        await refunds.refund(tx, {
          orderId,
          reason: 'cancellation',
          amountMinor: left,
          byUserId,
        });
    },

    /** Hooks added after creation (modules built later in app.ts). */
    onCancelled(hook: OnCancelled) {
      onCancelled.push(hook);
    },

    async cancelOrder(
      session: Session,
      orderId: number,
      input: CancelOrderInput,
    ): Promise<{ message: string; afterSales: OrderAfterSales }> {
      await db.transaction(async (tx) => {
        const order = await ownOrder(session, orderId, tx);
        await cancelInTx(tx, order, {
          by: 'customer',
          userId: session.userId,
          reasonCode: input.reasonCode,
          reasonText: input.reasonText ? input.reasonText : null,
        });
      });
      // After the commit, so that no listing is cached again from the stock before it.
      deps.catalog.stockChanged();
      return {
        message: 'Your order is cancelled.',
        afterSales: await afterSales(session, orderId),
      };
    },

    async changeAddress(
      session: Session,
      orderId: number,
      addressId: number,
    ): Promise<{ message: string; order: Order }> {
      await db.transaction(async (tx) => {
        const order = await ownOrder(session, orderId, tx);
        const check = addressChangeCheck(order, now(), deps.policy);
        if (!check.allowed) throw new ConflictError(check.reason);
        const address = await deps.addresses.get(order.userId, addressId, tx);
        const { id: _id, isPrimary: _primary, ...shippingAddress } = address;
        await repository.setDeliveryAddress(tx, order.id, address.id, shippingAddress);
        await recordAudit(tx, {
          actorUserId: session.userId,
          action: 'order.address_changed',
          entityType: 'order',
          entityId: order.id,
          details: { fromAddressId: order.addressId, toAddressId: address.id },
        });
      });
      const updated = await orders.assertVisible(session, orderId);
      return { message: 'Delivery address changed.', order: toOrder(updated, deps.policy, now()) };
    },

    afterSales,
  };
}

export type AftersalesService = ReturnType<typeof createAftersalesService>;
