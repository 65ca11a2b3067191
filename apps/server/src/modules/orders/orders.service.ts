import {
  FINAL_ORDER_STATUSES,
  MESSAGES,
  ORDER_NOT_FOUND,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  defaultPagination,
  displayedStatus,
  fromMinorUnits,
  isOrderEditable,
  lineTotalMinor,
  nextStatusAfterAddress,
  nextStatusAfterPayment,
  DISPENSING_STATUSES,
  adminNextStatuses,
  checkTransition,
  duplicateTherapies,
  exceedsOrderLimit,
  notSoldOnlineMessage,
  orderLimitMessage,
  type TransitionActor,
  type Order,
  type OrderDetailResponse,
  type OrderListQuery,
  type OrderStatusId,
  type OrderUpdateInput,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OutOfStockError,
} from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import type { AddressesService } from '../addresses/addresses.service';
import type { CartService } from '../cart/cart.service';
import { recordAudit } from '../audit/audit.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { InventoryService } from '../inventory/inventory.service';
import type { OrderMail, OrderMailTarget } from '../notifications/order-mail';
import * as repository from './orders.repository';
import * as placing from './place-order.repository';

export const CART_IS_EMPTY = 'Your cart is empty.';
export const CASH_ON_DELIVERY = 'Cash on Delivery';
const ORDER_PLACED = 'Order placed successfully';

function toOrder(row: repository.OrderRow): Order {
  return {
    id: row.id,
    statusId: row.statusId,
    status: displayedStatus(row),
    addressId: row.addressId,
    userId: row.userId,
    totalOrderValue: fromMinorUnits(row.totalOrderValueMinor),
    createdAt: row.createdAt.toISOString(),
    expectedDeliveryDate: row.expectedDeliveryDate,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    orderedBy: { id: row.userId, name: row.orderedByName },
    itemCount: row.itemCount,
    firstItemImage: row.firstItemImage,
    hasPrescriptionItems: row.hasPrescriptionItems,
    shippingAddress: row.shippingAddress ?? null,
    paymentNote: row.paymentNote,
  };
}

const isAdmin = (session: Session) => session.roleId === 1;

const mailTarget = (row: repository.OrderRow): OrderMailTarget => ({
  orderId: row.id,
  email: row.orderedByEmail,
  name: row.orderedByName,
  totalOrderValue: fromMinorUnits(row.totalOrderValueMinor),
});

export const NOT_WAITING_FOR_PAYMENT = 'This order is not waiting for payment.';
export const CARD_PAYMENT = 'Card payment';

const unavailable = (name: string) =>
  `${name} is no longer available. Please remove it from your cart.`;

/**
 * Refuses lines whose product is gone or inactive, cannot be sold online, is over its per-order
 * limit, or has fewer units than the lines ask for (two lines of one product together).
 */
function assertCanOrder(
  lines: placing.CheckoutLine[],
  products: Map<number, placing.CheckoutProduct>,
) {
  const units = new Map<number, number>();
  for (const line of lines)
    units.set(line.productId, (units.get(line.productId) ?? 0) + line.count);
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product || !product.isActive) throw new ConflictError(unavailable(line.name));
    if (!product.onlineSale) throw new ConflictError(notSoldOnlineMessage(product.name));
    const wanted = units.get(line.productId) ?? line.count;
    if (exceedsOrderLimit(wanted, product.maxUnitsPerOrder))
      throw new ConflictError(orderLimitMessage(product.name, product.maxUnitsPerOrder ?? wanted));
    if (product.quantity < wanted) {
      throw new OutOfStockError(
        product.quantity <= 0
          ? `${product.name} is out of stock. Please remove it from your cart.`
          : `Only ${product.quantity} of ${product.name} left in stock. Please lower the quantity.`,
      );
    }
  }
}

export function createOrdersService(deps: {
  db: Database;
  cart: CartService;
  catalog: CatalogService;
  inventory: Pick<InventoryService, 'sellableFrom' | 'returnOrderStock'>;
  addresses: AddressesService;
  compliance: ComplianceService;
  mail: OrderMail;
}) {
  const { db, cart, catalog, inventory, addresses, compliance, mail } = deps;

  /**
   * Payment done (card success or cash on delivery): Packing, or Waiting To Accept when a
   * pharmacist must see the prescription first (DECISIONS). Only from the Payment step.
   */
  async function completePayment(
    tx: DbOrTx,
    order: repository.OrderRow,
    note: string,
    byUserId: number | null,
  ) {
    if (order.statusId !== ORDER_STATUS.PAYMENT) throw new ConflictError(NOT_WAITING_FOR_PAYMENT);
    await repository.updateOrder(tx, order.id, { paymentNote: note });
    await changeStatus(
      tx,
      order,
      nextStatusAfterPayment(order.hasPrescriptionItems),
      byUserId,
      note,
      'flow',
    );
  }

  /** The order if the session may see it; another user's order is 'not found' (never 403). */
  async function visibleOrder(
    session: Session,
    orderId: number,
    tx: DbOrTx = db,
    forUpdate = false,
  ) {
    const row = await repository.findOrder(tx, orderId, { forUpdate });
    if (!row || (!isAdmin(session) && row.userId !== session.userId))
      throw new NotFoundError(ORDER_NOT_FOUND);
    return row;
  }

  /**
   * Every status change goes through here: the order state machine (shared ORDER_TRANSITIONS)
   * accepts or refuses it, the history and the audit chain record it, and a dispatch writes the
   * register, all in the caller's transaction.
   */
  async function changeStatus(
    tx: DbOrTx,
    order: repository.OrderRow,
    to: OrderStatusId,
    byUserId: number | null,
    note: string | null,
    actor: TransitionActor,
  ) {
    const from = order.statusId as OrderStatusId;
    const needsApproval = DISPENSING_STATUSES.includes(to) && order.hasPrescriptionItems;
    const context = needsApproval
      ? await compliance.transitionContext(tx, order)
      : { hasPrescriptionItems: order.hasPrescriptionItems, prescriptionApproved: false };
    const check = checkTransition(from, to, actor, context);
    if (!check.allowed) throw new ConflictError(check.reason);
    await repository.updateOrder(tx, order.id, {
      statusId: to,
      ...(to === ORDER_STATUS.DELIVERED ? { deliveredAt: new Date() } : {}),
    });
    await repository.insertHistory(tx, {
      orderId: order.id,
      fromStatusId: from,
      toStatusId: to,
      changedByUserId: byUserId,
      note,
    });
    if (to === ORDER_STATUS.DISPATCHED) await compliance.recordDispatch(tx, order.id, byUserId);
    await recordAudit(tx, {
      actorUserId: byUserId,
      action: 'order.status_changed',
      entityType: 'order',
      entityId: order.id,
      details: { from, to, note },
    });
  }

  return {
    /**
     * Places the signed-in user's cart as an order in one transaction: re-checks every product
     * (active, stock), reserves stock with a conditional update, snapshots prices, empties the
     * cart and records the first status. The same Idempotency-Key answers the same order.
     */
    async placeOrder(
      userId: number,
      idempotencyKey: string | undefined,
    ): Promise<{ orderId: number; message: string; created: boolean }> {
      try {
        const result = await db.transaction(async (tx) => {
          await cart.lockCart(userId, tx);
          const cartLines = await cart.linesForOrder(userId, tx);
          const productIds = [...new Set(cartLines.map((line) => line.productId))];
          const state = await placing.readCheckout(tx, userId, idempotencyKey ?? null, productIds);
          if (state?.existingOrderId)
            return { orderId: state.existingOrderId, message: ORDER_PLACED, created: false };
          if (!state || cartLines.length === 0) throw new BadRequestError(CART_IS_EMPTY);
          const lines = cartLines.map((line): placing.CheckoutLine => {
            const product = state.products.get(line.productId);
            if (!product) throw new ConflictError(unavailable('A product in your cart'));
            const { id, ...rest } = product;
            return { ...rest, productId: id, count: line.count };
          });
          // Checked here for the shopper's message; checked again, under lock, as stock is taken.
          assertCanOrder(lines, state.products);
          const totalMinor = lines.reduce(
            (sum, line) => sum + lineTotalMinor(line.priceMinor, line.count),
            0,
          );
          const orderId = await placing.placeFromCart(
            tx,
            {
              userId,
              statusId: ORDER_STATUS.COLLECTING_ADDRESS,
              totalOrderValueMinor: totalMinor,
              idempotencyKey: idempotencyKey ?? null,
              note: 'Order placed',
            },
            lines,
            inventory.sellableFrom(),
          );
          if (orderId === null) {
            // Another order took the stock, or the product changed, since it was read: say
            // which, from the products as they are now; the transaction rolls back.
            const now = (await placing.readCheckout(tx, userId, null, productIds))?.products;
            assertCanOrder(lines, now ?? new Map());
            for (const line of lines) {
              const current = now?.get(line.productId);
              if (
                current &&
                (current.priceMinor !== line.priceMinor || current.mrpMinor !== line.mrpMinor)
              )
                throw new ConflictError(
                  `The price of ${current.name} has just changed. Please review your cart.`,
                );
            }
            throw new OutOfStockError('A product in your cart is out of stock.');
          }
          return {
            orderId,
            message: ORDER_PLACED,
            created: true,
            mail: { orderId, email: state.email, name: state.name, totalMinor },
          };
        });
        if (result.mail) {
          // After the commit, so that no listing is cached again from the stock before it.
          catalog.stockChanged();
          const { orderId, email, name, totalMinor } = result.mail;
          mail.placed({ orderId, email, name, totalOrderValue: fromMinorUnits(totalMinor) });
        }
        return { orderId: result.orderId, message: result.message, created: result.created };
      } catch (error) {
        // A retry that raced the first request on another connection: answer the order it made.
        if (idempotencyKey && isUniqueViolation(error)) {
          const existing = await repository.findByIdempotencyKey(db, userId, idempotencyKey);
          if (existing) return { orderId: existing.id, message: ORDER_PLACED, created: false };
        }
        throw error;
      }
    },

    /** Spec §6 scope: admins see all orders or one customer's; everyone else only their own. */
    async listOrders(session: Session, query: OrderListQuery) {
      const userId = isAdmin(session) ? query.userId : session.userId;
      const { rows, rowCount } = await repository.listOrders(
        db,
        { userId, statusId: query.statusId || undefined },
        query.page,
        query.pageSize,
      );
      return {
        orderList: rows.map(toOrder),
        pagination: {
          ...defaultPagination,
          page: query.page,
          pageSize: query.pageSize,
          rowCount,
          pageCount: Math.ceil(rowCount / query.pageSize),
        },
      };
    },

    async getDetail(session: Session, orderId: number): Promise<OrderDetailResponse> {
      const row = await visibleOrder(session, orderId);
      const [lines, history, allocations, approval] = await Promise.all([
        repository.listLines(db, orderId),
        repository.listHistory(db, orderId),
        isAdmin(session) ? repository.listLineBatches(db, orderId) : Promise.resolve(undefined),
        row.hasPrescriptionItems ? compliance.approvalOf(db, orderId) : Promise.resolve(null),
      ]);
      const products = await catalog.productsByIds(
        lines.flatMap((line) => (line.productId === null ? [] : [line.productId])),
      );
      const context = {
        hasPrescriptionItems: row.hasPrescriptionItems,
        prescriptionApproved: approval !== null,
      };
      return {
        dispensing: {
          approval,
          nextStatusIds: isAdmin(session)
            ? adminNextStatuses(row.statusId as OrderStatusId, context)
            : [],
          duplicateTherapies: duplicateTherapies(
            lines.flatMap((line) => {
              const product = line.productId === null ? undefined : products.get(line.productId);
              return product
                ? [
                    {
                      productId: product.id,
                      productName: line.productName,
                      saltCompositionId: product.saltComposition?.id ?? null,
                      saltCompositionName: product.saltComposition?.name ?? null,
                    },
                  ]
                : [];
            }),
          ),
        },
        order: toOrder(row),
        orderDetails: lines.map((line) => {
          const product = line.productId === null ? undefined : products.get(line.productId);
          return {
            id: line.id,
            quantity: line.quantity,
            count: line.quantity,
            productName: line.productName,
            offerPrice: fromMinorUnits(line.unitPriceMinor),
            maximumRetailPrice: fromMinorUnits(line.maximumRetailPriceMinor),
            lineTotal: fromMinorUnits(lineTotalMinor(line.unitPriceMinor, line.quantity)),
            prescription: line.prescription,
            product: product
              ? { id: product.id, name: product.name, images: product.images }
              : null,
            ...(allocations
              ? {
                  batches: allocations
                    .filter((allocation) => allocation.orderLineId === line.id)
                    .map(({ orderLineId: _line, ...batch }) => batch),
                }
              : {}),
          };
        }),
        statusHistory: history.map((entry) => ({
          ...entry,
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },

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
      // Mails go out only once the change is committed.
      const events: Array<() => void> = [];
      const message = await db.transaction(async (tx) => {
        const order = await visibleOrder(session, orderId, tx, true);
        const admin = isAdmin(session);
        const isFinal = FINAL_ORDER_STATUSES.includes(order.statusId as OrderStatusId);
        if (!admin && (input.statusId !== undefined || input.expectedDeliveryDate !== undefined)) {
          throw new ForbiddenError(
            'Only the pharmacy can change the status or the delivery date of an order.',
          );
        }
        let result: string = MESSAGES.orderStatusUpdated;

        if (input.addressId !== undefined) {
          if (!isOrderEditable(order))
            throw new ConflictError('This order can no longer be changed.');
          const address = await addresses.get(order.userId, input.addressId, tx);
          const { id: _id, isPrimary: _primary, ...shippingAddress } = address;
          await repository.updateOrder(tx, order.id, { addressId: address.id, shippingAddress });
          if (
            order.statusId === ORDER_STATUS.NEW ||
            order.statusId === ORDER_STATUS.COLLECTING_ADDRESS
          ) {
            await changeStatus(
              tx,
              order,
              nextStatusAfterAddress(order.hasPrescriptionItems),
              session.userId,
              'Address confirmed',
              'flow',
            );
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
          await repository.insertPayment(tx, {
            orderId: order.id,
            method: 'cash_on_delivery',
            provider: 'none',
            amountMinor: current.totalOrderValueMinor,
            status: 'pending',
            note: CASH_ON_DELIVERY,
          });
          await completePayment(tx, current, CASH_ON_DELIVERY, session.userId);
          events.push(() => mail.confirmed(mailTarget(current), CASH_ON_DELIVERY));
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
          if (isFinal) {
            throw new ConflictError(
              `This order is ${ORDER_STATUS_NAMES[order.statusId as OrderStatusId]} and its status can no longer change.`,
            );
          }
          const to = input.statusId as OrderStatusId;
          // Refused before any stock moves (the state machine says it again in changeStatus).
          const context = await compliance.transitionContext(tx, order);
          const check = checkTransition(order.statusId as OrderStatusId, to, 'admin', context);
          if (!check.allowed) throw new ConflictError(check.reason);
          if (to === ORDER_STATUS.CANCELLED) {
            // Back to the batches the units came from; product rows are locked in id order, as
            // placing an order locks them (otherwise the two could deadlock: issue 7 crash burst).
            await inventory.returnOrderStock(tx, order.id, session.userId);
            events.push(() => catalog.stockChanged());
          }
          await changeStatus(tx, order, to, session.userId, input.note ?? null, 'admin');
          events.push(() => mail.statusChanged(mailTarget(order), to));
          result = MESSAGES.orderStatusUpdated;
        }
        return result;
      });
      for (const event of events) event();
      const updated = await repository.findOrder(db, orderId);
      if (!updated) throw new NotFoundError(ORDER_NOT_FOUND);
      return { message, order: toOrder(updated) };
    },

    /** The owner's order waiting for a card payment, with the amount taken from the order itself. */
    async orderForCardPayment(session: Session, orderId: number) {
      const order = await visibleOrder(session, orderId);
      if (order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);
      if (order.statusId !== ORDER_STATUS.PAYMENT) throw new ConflictError(NOT_WAITING_FOR_PAYMENT);
      return {
        id: order.id,
        amountMinor: order.totalOrderValueMinor,
        openPayment: await repository.findOpenCardPayment(db, order.id),
      };
    },

    async recordCardIntent(
      orderId: number,
      intent: { intentId: string; provider: 'stripe' | 'test'; amountMinor: number },
    ) {
      await repository.insertPayment(db, {
        orderId,
        method: 'card',
        provider: intent.provider,
        amountMinor: intent.amountMinor,
        status: 'requires_payment',
        note: null,
        intentId: intent.intentId,
      });
    },

    /**
     * A card payment the provider reports as succeeded (from the client or the webhook). Saved
     * exactly once: the payment row is locked, and a second report of the same intent is a no-op.
     */
    async recordCardSuccess(
      intentId: string,
      details: {
        orderId: number;
        amountMinor: number;
        paymentMethodId: string | null;
        byUserId: number | null;
      },
    ) {
      const outcome = await db.transaction(async (tx) => {
        const order = await repository.findOrder(tx, details.orderId, { forUpdate: true });
        if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
        const payment = await repository.findPaymentByIntent(tx, intentId);
        if (!payment || payment.orderId !== order.id)
          throw new NotFoundError('No payment found for this order.');
        if (payment.status === 'succeeded') return { order, saved: false };
        if (
          payment.amountMinor !== details.amountMinor ||
          order.totalOrderValueMinor !== details.amountMinor
        ) {
          throw new ConflictError('The amount paid does not match the order total.');
        }
        await repository.markPaymentSucceeded(tx, payment.id, details.paymentMethodId);
        await completePayment(tx, order, CARD_PAYMENT, details.byUserId);
        return { order, saved: true };
      });
      if (outcome.saved) mail.confirmed(mailTarget(outcome.order), CARD_PAYMENT);
      const updated = await repository.findOrder(db, details.orderId);
      if (!updated) throw new NotFoundError(ORDER_NOT_FOUND);
      return { saved: outcome.saved, order: toOrder(updated) };
    },

    /** The owner's order that is waiting for a prescription (first upload, or after a rejection). */
    async orderForPrescription(session: Session, orderId: number) {
      const order = await visibleOrder(session, orderId);
      if (order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);
      if (order.statusId !== ORDER_STATUS.COLLECTING_PRESCRIPTION || !order.hasPrescriptionItems) {
        throw new ConflictError('This order is not waiting for a prescription.');
      }
      return order;
    },

    /**
     * After an upload: on to Payment, or straight back to the pharmacist when the order was paid
     * before its prescription was rejected (no second payment, DECISIONS).
     */
    async prescriptionUploaded(tx: DbOrTx, orderId: number, userId: number) {
      const order = await repository.findOrder(tx, orderId, { forUpdate: true });
      if (!order || order.statusId !== ORDER_STATUS.COLLECTING_PRESCRIPTION) {
        throw new ConflictError('This order is not waiting for a prescription.');
      }
      const paid = await repository.hasPayment(tx, orderId);
      await changeStatus(
        tx,
        order,
        paid ? ORDER_STATUS.WAITING_TO_ACCEPT : ORDER_STATUS.PAYMENT,
        userId,
        'Prescription uploaded',
        'flow',
      );
    },

    /** Pharmacist review of an order waiting to be accepted (admin). */
    async reviewPrescription(
      tx: DbOrTx,
      orderId: number,
      reviewerId: number,
      decision: { approve: boolean; reason: string | null },
    ) {
      const order = await repository.findOrder(tx, orderId, { forUpdate: true });
      if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
      if (order.statusId !== ORDER_STATUS.WAITING_TO_ACCEPT)
        throw new ConflictError('This order is not waiting for a prescription review.');
      const to = decision.approve ? ORDER_STATUS.ACCEPTED : ORDER_STATUS.COLLECTING_PRESCRIPTION;
      await changeStatus(
        tx,
        order,
        to,
        reviewerId,
        decision.approve ? 'Prescription approved' : `Prescription rejected: ${decision.reason}`,
        'flow',
      );
      return () => {
        if (!decision.approve && decision.reason)
          mail.prescriptionRejected(mailTarget(order), decision.reason);
      };
    },

    /** Owner or admin may see the order (404 otherwise). */
    assertVisible: (session: Session, orderId: number) => visibleOrder(session, orderId),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
