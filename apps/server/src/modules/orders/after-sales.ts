import {
  PAYMENT_TEXT,
  FINAL_ORDER_STATUSES,
  ORDER_NOT_FOUND,
  addressChangeCheck,
  customerCancelCheck,
  type AfterSalesPolicy,
  type CancelOrderInput,
  type Order,
  type OrderAfterSales,
  type OrderStatusId,
  can,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import type { AddressesService } from '../addresses/addresses.service';
import { recordAudit } from '../audit/audit.service';
import type { DeliveryService } from '../delivery/delivery.service';
import type { RefundsService } from '../refunds/refunds.service';
import { reasonLabel, type OrderLifecycle } from './order-lifecycle';
import { toOrder } from './order-status';
import { paymentSummaries } from './online-payment-steps';
import * as repository from './orders.repository';

const HOUR_MS = 3_600_000;

type VisibleOrder = (
  session: Session,
  orderId: number,
  tx?: DbOrTx,
  forUpdate?: boolean,
) => Promise<repository.OrderRow>;

/**
 * Issue 19 item 1, owned by the orders module since issue 27: the owner cancels (the same
 * cancellation as the pharmacy's, with the customer as actor) or changes the delivery address
 * within the window; the order page reads who cancelled, the refunds, and what is still allowed.
 */
export function createAfterSales(deps: {
  db: Database;
  lifecycle: Pick<OrderLifecycle, 'cancel'>;
  visibleOrder: VisibleOrder;
  refunds: Pick<RefundsService, 'listForOrder'>;
  addresses: Pick<AddressesService, 'get'>;
  delivery: Pick<DeliveryService, 'requireServed' | 'cashOnDeliveryAt'>;
  policy: AfterSalesPolicy;
  onStockChanged: () => void;
  now?: () => Date;
}) {
  const { db, visibleOrder } = deps;
  const now = deps.now ?? (() => new Date());

  /** The owner's own order, locked; anybody else's (an admin's too) is 'not found' here. */
  async function ownOrder(session: Session, orderId: number, tx: DbOrTx) {
    const order = await visibleOrder(session, orderId, tx, true);
    if (order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  async function afterSales(session: Session, orderId: number): Promise<OrderAfterSales> {
    const order = await visibleOrder(session, orderId);
    // Issue 32: refunds and payments are money; staff without money.view (the packer) get none.
    const money = order.userId === session.userId || can(session.roleId, 'money.view');
    const [cancellation, refundList, payments] = await Promise.all([
      repository.findCancellation(db, orderId),
      money ? deps.refunds.listForOrder(db, orderId) : Promise.resolve([]),
      money ? paymentSummaries(db, orderId) : Promise.resolve([]),
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
      payments,
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
    afterSales,

    async cancelOrder(
      session: Session,
      orderId: number,
      input: CancelOrderInput,
    ): Promise<{ message: string; afterSales: OrderAfterSales }> {
      await db.transaction(async (tx) => {
        const order = await ownOrder(session, orderId, tx);
        await deps.lifecycle.cancel(tx, order, {
          by: 'customer',
          userId: session.userId,
          reasonCode: input.reasonCode,
          reasonText: input.reasonText ? input.reasonText : null,
        });
      });
      // After the commit, so that no listing is cached again from the stock before it.
      deps.onStockChanged();
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
        // The new address must be one the shop delivers to, and an order paid on delivery
        // needs a pincode where cash on delivery is taken (issue 29).
        const promise = await deps.delivery.requireServed(address.pinCode, tx);
        if (order.paymentNote === PAYMENT_TEXT.cashOnDelivery) {
          const cod = await deps.delivery.cashOnDeliveryAt(address.pinCode, tx);
          if (!cod.offered) throw new ConflictError(cod.reason);
        }
        const { id: _id, isPrimary: _primary, ...shippingAddress } = address;
        await repository.setDeliveryAddress(tx, order.id, address.id, shippingAddress);
        // A new pincode has its own promise, made now (issue 29).
        if (promise.deliverBy)
          await repository.updateOrder(tx, order.id, { expectedDeliveryDate: promise.deliverBy });
        await recordAudit(tx, {
          actorUserId: session.userId,
          action: 'order.address_changed',
          entityType: 'order',
          entityId: order.id,
          details: { fromAddressId: order.addressId, toAddressId: address.id },
        });
      });
      const updated = await visibleOrder(session, orderId);
      return { message: 'Delivery address changed.', order: toOrder(updated, deps.policy, now()) };
    },
  };
}

export type AfterSales = ReturnType<typeof createAfterSales>;
