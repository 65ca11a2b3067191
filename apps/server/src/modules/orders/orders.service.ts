import {
  cashOnDeliveryCheck,
  MESSAGES,
  ORDER_NOT_FOUND,
  ORDER_STATUS,
  can,
  type Permission,
  defaultPagination,
  isOrderEditable,
  nextStatusAfterAddress,
  type AfterSalesPolicy,
  type Order,
  type OrderListQuery,
  type OrderStatusId,
  type OrderUpdateInput,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import type { AddressesService } from '../addresses/addresses.service';
import type { CartService } from '../cart/cart.service';
import type { DeliveryService } from '../delivery/delivery.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { ClinicalService } from '../clinical/clinical.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { InventoryService } from '../inventory/inventory.service';
import type { InvoicesService } from '../invoices/invoices.service';
import type { PatientsService } from '../patients/patients.service';
import type { RefundsService } from '../refunds/refunds.service';
import { createAfterSales } from './after-sales';
import { createCheckoutSteps } from './checkout-steps';
import { createOnlinePaymentSteps } from './online-payment-steps';
import { createOrderDetail } from './order-detail';
import type { OrderEvents } from './order-events';
import { PHARMACY_CANCEL_CODE, createOrderLifecycle } from './order-lifecycle';
import { adminListFilter } from './order-list-filter';
import { toOrder } from './order-status';
import { assertMayUpdate, withoutMoneyFor } from './order-access';
import * as repository from './orders.repository';
import { createPlaceOrder } from './place-order';

export { CART_IS_EMPTY } from './place-order';
export const CASH_ON_DELIVERY = 'Cash on Delivery';

export { CARD_PAYMENT, NOT_WAITING_FOR_PAYMENT } from './checkout-steps';

/**
 * The orders module's service: placing, listing, the detail, the admin's and the owner's
 * changes. Every status change and the one cancellation are the lifecycle's (order-lifecycle.ts);
 * what follows from them is published as order events, to which the other modules subscribe.
 */
export function createOrdersService(deps: {
  db: Database;
  events: OrderEvents;
  cart: Pick<CartService, 'lockCart' | 'linesForOrder'>;
  catalog: Pick<CatalogService, 'productsByIds'>;
  inventory: Pick<InventoryService, 'sellableFrom'>;
  addresses: Pick<AddressesService, 'get'>;
  compliance: Pick<ComplianceService, 'transitionContext' | 'approvalOf'>;
  invoices: Pick<InvoicesService, 'documentsOf'>;
  refunds: Pick<RefundsService, 'listForOrder'>;
  /** Drug interactions (issue 31 point 4): found when placing, shown on the order page. */
  clinical: Pick<ClinicalService, 'forOrder' | 'forOrderId' | 'overridesOf'>;
  /** The order's patient, shown to the reviewing pharmacist (issue 31 point 5). */
  patients: Pick<PatientsService, 'patientViewOfOrder'>;
  /** PRESCRIPTION_VALID_DAYS and PRESCRIPTION_H1_VALID_DAYS, for the review panel's date. */
  prescriptionValidity: { validDays: number; h1ValidDays: number };
  /** Where the shop delivers (issue 29): refused pincodes, COD per pincode, the promised date. */
  delivery: Pick<DeliveryService, 'requireServed' | 'cashOnDeliveryAt' | 'promiseFor'>;
  /** The shop's cancellation, change and return windows (issue 19). */
  policy: AfterSalesPolicy;
  /** COD_MAX_ORDER_VALUE in minor units (null: none), and the symbol its sentence uses. */
  cashOnDelivery: { maxMinor: number | null; currencySymbol: string };
  /** Stock moved (an order placed or cancelled): the catalogue's caches are dropped. */
  onStockChanged: () => void;
  now?: () => Date;
}) {
  const { db, events, addresses, compliance, policy } = deps;

  /**
   * The order if the session may see it: its owner, or staff holding `permission` (issue 32: the
   * prescriptions pass their own, so a packer never opens a prescription). Anyone else's order is
   * 'not found' (never 403).
   */
  async function visibleOrder(
    session: Session,
    orderId: number,
    tx: DbOrTx = db,
    forUpdate = false,
    permission: Permission = 'orders.view',
  ) {
    const row = await repository.findOrder(tx, orderId, { forUpdate });
    if (!row || (!can(session.roleId, permission) && row.userId !== session.userId))
      throw new NotFoundError(ORDER_NOT_FOUND);
    return row;
  }
  const lifecycle = createOrderLifecycle({
    events,
    compliance,
    policy,
    delivery: deps.delivery,
    now: deps.now,
  });
  const steps = createCheckoutSteps({ db, lifecycle, events, visibleOrder });
  const onlinePayments = createOnlinePaymentSteps({ db, lifecycle, events, visibleOrder });
  const afterSales = createAfterSales({
    db,
    lifecycle,
    visibleOrder,
    refunds: deps.refunds,
    addresses,
    delivery: deps.delivery,
    policy,
    onStockChanged: deps.onStockChanged,
    now: deps.now,
  });
  const getDetail = createOrderDetail({
    db,
    catalog: deps.catalog,
    compliance,
    invoices: deps.invoices,
    clinical: deps.clinical,
    patients: deps.patients,
    prescriptionValidity: deps.prescriptionValidity,
    visibleOrder,
  });
  const placeOrder = createPlaceOrder({
    db,
    cart: deps.cart,
    inventory: deps.inventory,
    clinical: deps.clinical,
    events,
    onStockChanged: deps.onStockChanged,
  });
  const { completePayment } = lifecycle;

  return {
    placeOrder,

    /** Spec §6 scope: staff see all orders or one customer's; everyone else only their own. */
    async listOrders(session: Session, query: OrderListQuery) {
      const userId = can(session.roleId, 'orders.view') ? query.userId : session.userId;
      const { rows, rowCount } = await repository.listOrders(
        db,
        { userId, statusId: query.statusId || undefined, ...adminListFilter(query, new Date()) },
        query.page,
        query.pageSize,
      );
      return {
        orderList: rows.map((row) => withoutMoneyFor(session, toOrder(row, policy))),
        pagination: {
          ...defaultPagination,
          page: query.page,
          pageSize: query.pageSize,
          rowCount,
          pageCount: Math.ceil(rowCount / query.pageSize),
        },
      };
    },

    /** Spec §2 order detail (order-detail.ts). */
    getDetail,

    /**
     * Spec §7 PUT /order/{orderId}. Admins set the status (any, except out of Delivered or
     * Cancelled) and the expected delivery date; a member may only give the address and, at the
     * payment step, choose cash on delivery on their own editable order (DECISIONS). Statuses of
     * the customer flow are computed here, never taken from the client.
     */
    async updateOrder(
      session: Session,
      orderId: number,
      input: OrderUpdateInput,
    ): Promise<{ message: string; order: Order }> {
      let stockMoved = false;
      const message = await db.transaction(async (tx) => {
        const order = await visibleOrder(session, orderId, tx, true);
        assertMayUpdate(session, order, input);
        let result: string = MESSAGES.orderStatusUpdated;

        if (input.addressId !== undefined) {
          if (!isOrderEditable(order))
            throw new ConflictError('This order can no longer be changed.');
          const address = await addresses.get(order.userId, input.addressId, tx);
          // Refused here with a sentence when the shop does not deliver there; the promise made
          // now is the order's expected date until payment confirms it again (issue 29).
          const promise = await deps.delivery.requireServed(address.pinCode, tx);
          const { id: _id, isPrimary: _primary, ...shippingAddress } = address;
          await repository.updateOrder(tx, order.id, {
            addressId: address.id,
            shippingAddress,
            expectedDeliveryDate: promise.deliverBy,
          });
          if (
            order.statusId === ORDER_STATUS.NEW ||
            order.statusId === ORDER_STATUS.COLLECTING_ADDRESS
          ) {
            const confirmed = await lifecycle.changeStatus(
              tx,
              { ...order, addressId: address.id, shippingAddress },
              nextStatusAfterAddress(order.hasPrescriptionItems),
              session.userId,
              'Address confirmed',
              'flow',
            );
            await events.publish(tx, 'order.address_confirmed', {
              order: confirmed,
              byUserId: session.userId,
            });
          }
          result = 'Address confirmed';
        }

        if (input.payment !== undefined) {
          const current = await repository.findOrder(tx, order.id);
          if (!current || current.statusId !== ORDER_STATUS.PAYMENT)
            throw new ConflictError('This order is not waiting for payment.');
          if (input.payment !== CASH_ON_DELIVERY) {
            throw new BadRequestError(
              'payment: card payments are confirmed through the payment step; choose Cash on Delivery here.',
            );
          }
          const cod = cashOnDeliveryCheck(
            current.totalOrderValueMinor,
            deps.cashOnDelivery.maxMinor,
            deps.cashOnDelivery.currencySymbol,
          );
          if (!cod.offered) throw new ConflictError(cod.reason);
          const pincode = current.shippingAddress?.pinCode;
          if (pincode) {
            const atPincode = await deps.delivery.cashOnDeliveryAt(pincode, tx);
            if (!atPincode.offered) throw new ConflictError(atPincode.reason);
          }
          await repository.insertPayment(tx, {
            orderId: order.id,
            method: 'cash_on_delivery',
            provider: 'none',
            amountMinor: current.totalOrderValueMinor,
            status: 'pending',
            note: CASH_ON_DELIVERY,
          });
          await completePayment(tx, current, CASH_ON_DELIVERY, session.userId);
          result = 'Order confirmed';
        }

        if (input.expectedDeliveryDate !== undefined) {
          if (order.statusId === ORDER_STATUS.CANCELLED)
            throw new ConflictError('This order is cancelled.');
          await repository.updateOrder(tx, order.id, {
            expectedDeliveryDate: input.expectedDeliveryDate,
          });
          result = MESSAGES.expectedDeliveryUpdated;
        }

        if (input.statusId !== undefined && input.statusId !== order.statusId) {
          const to = input.statusId as OrderStatusId;
          const note = input.note?.trim() ? input.note.trim() : null;
          // The pharmacy's cancellation is the owner's one, with the pharmacy as actor.
          if (to === ORDER_STATUS.CANCELLED) {
            await lifecycle.cancel(tx, order, {
              by: 'admin',
              userId: session.userId,
              reasonCode: PHARMACY_CANCEL_CODE,
              reasonText: note,
            });
            stockMoved = true;
          } else {
            await lifecycle.changeStatus(
              tx,
              order,
              to,
              session.userId,
              input.note ?? null,
              'admin',
            );
          }
          result = MESSAGES.orderStatusUpdated;
        }
        return result;
      });
      // After the commit, so that no listing is cached again from the stock before it.
      if (stockMoved) deps.onStockChanged();
      const updated = await repository.findOrder(db, orderId);
      if (!updated) throw new NotFoundError(ORDER_NOT_FOUND);
      return { message, order: withoutMoneyFor(session, toOrder(updated)) };
    },

    ...steps,

    /** Razorpay's orders and the payments that pay them (issue 28). */
    onlinePayments,

    /**
     * Issue 29: the shipments module moves the order as its parcels go: to Dispatched when the
     * first leaves, to Delivered (at the courier's time) when the last arrives. In the caller's
     * transaction, under the order's lock; an order already there (or past it) is left alone.
     * Refusals are the lifecycle's (a prescription order not yet approved cannot leave).
     */
    async advanceForShipment(
      tx: DbOrTx,
      orderId: number,
      to: typeof ORDER_STATUS.DISPATCHED | typeof ORDER_STATUS.DELIVERED,
      byUserId: number | null,
      note: string,
      deliveredAt?: Date,
    ) {
      const order = await repository.findOrder(tx, orderId, { forUpdate: true });
      if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
      if (order.statusId === to) return order;
      if (order.statusId === ORDER_STATUS.DELIVERED || order.statusId === ORDER_STATUS.CANCELLED)
        throw new ConflictError(
          order.statusId === ORDER_STATUS.CANCELLED
            ? 'This order is cancelled.'
            : 'This order is delivered already.',
        );
      const changed = await lifecycle.changeStatus(
        tx,
        order,
        to,
        byUserId,
        note,
        byUserId === null ? 'flow' : 'admin',
      );
      if (to === ORDER_STATUS.DELIVERED && deliveredAt)
        await repository.updateOrder(tx, orderId, { deliveredAt });
      return changed;
    },

    /**
     * The order as it stands, locked, in the caller's transaction: the shipments module's parcels
     * and their events meet here, so a parcel added while another is delivered is never missed.
     */
    orderInTx: (tx: DbOrTx, orderId: number) =>
      repository.findOrder(tx, orderId, { forUpdate: true }),

    /** Its owner, or staff holding `permission`, may see the order (404 otherwise). */
    assertVisible: (session: Session, orderId: number, permission: Permission = 'orders.view') =>
      visibleOrder(session, orderId, db, false, permission),

    /** The owner's cancellation and address change, and what the order page shows of them. */
    afterSales,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
