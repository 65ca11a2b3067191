import {
  FINAL_ORDER_STATUSES,
  MESSAGES,
  ORDER_NOT_FOUND,
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  defaultPagination,
  fromMinorUnits,
  isOrderEditable,
  lineTotalMinor,
  nextStatusAfterAddress,
  checkTransition,
  exceedsOrderLimit,
  notSoldOnlineMessage,
  orderLimitMessage,
  type AfterSalesPolicy,
  type Order,
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
import type { CatalogService } from '../catalog/catalog.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { InventoryService } from '../inventory/inventory.service';
import type { InvoicesService } from '../invoices/invoices.service';
import type { OrderMail } from '../notifications/order-mail';
import * as repository from './orders.repository';
import { createCheckoutSteps, type OnOrderConfirmed } from './checkout-steps';
import { createOrderDetail } from './order-detail';
import { adminListFilter } from './order-list-filter';
import { createStatusChanges, toOrder, type OnOrderDelivered } from './order-status';
import * as placing from './place-order.repository';

export const CART_IS_EMPTY = 'Your cart is empty.';
export const CASH_ON_DELIVERY = 'Cash on Delivery';
const ORDER_PLACED = 'Order placed successfully';

const isAdmin = (session: Session) => session.roleId === 1;

export { CARD_PAYMENT, NOT_WAITING_FOR_PAYMENT } from './checkout-steps';

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
  /** Told of every confirmed order inside its transaction (refill reminders, issue 17). */
  onConfirmed?: OnOrderConfirmed;
  /** Told of every delivery inside its transaction (loyalty points, issue 19). */
  onDelivered?: OnOrderDelivered;
  /** GST invoice on payment, credit note on cancellation (issue 18). */
  invoices: Pick<InvoicesService, 'issueInvoice' | 'issueCreditNote' | 'documentsOf'>;
  /**
   * Issue 19: the admin's cancellation goes through the after-sales one (stock, who and why,
   * credit note, refund, coupon and points hooks, mail) in this transaction.
   */
  /** A card payment that arrived after the cancellation is refunded in full (issue 19). */
  onPaidAfterCancel?: (tx: DbOrTx, orderId: number, byUserId: number | null) => Promise<void>;
  /** The shop's cancellation window, for each listed order's canCancel (issue 19). */
  afterSales?: Pick<AfterSalesPolicy, 'changeOrCancelHours'>;
  cancel?: (
    tx: DbOrTx,
    order: repository.OrderRow,
    who: { by: 'admin'; userId: number; reasonCode: string; reasonText: string | null },
  ) => Promise<void>;
}) {
  const { db, cart, catalog, inventory, addresses, compliance, mail, onConfirmed, invoices } = deps;

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
  const changeStatus = createStatusChanges(compliance, mail, deps.onDelivered);
  const steps = createCheckoutSteps({
    db,
    mail,
    changeStatus,
    visibleOrder,
    onConfirmed,
    invoices,
    onPaidAfterCancel: deps.onPaidAfterCancel,
  });
  const getDetail = createOrderDetail({ db, catalog, compliance, invoices, visibleOrder });
  const { completePayment } = steps;

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
          await mail.placed(tx, {
            orderId,
            email: state.email,
            name: state.name,
            totalOrderValue: fromMinorUnits(totalMinor),
            progressMails: true,
            expectedDeliveryDate: null,
          });
          return { orderId, message: ORDER_PLACED, created: true };
        });
        // After the commit, so that no listing is cached again from the stock before it.
        if (result.created) catalog.stockChanged();
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
        { userId, statusId: query.statusId || undefined, ...adminListFilter(query, new Date()) },
        query.page,
        query.pageSize,
      );
      return {
        orderList: rows.map((row) => toOrder(row, deps.afterSales)),
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
          if (to === ORDER_STATUS.CANCELLED && deps.cancel) {
            await deps.cancel(tx, order, {
              by: 'admin',
              userId: session.userId,
              reasonCode: 'pharmacy',
              reasonText: input.note?.trim() ? input.note.trim() : null,
            });
            events.push(() => catalog.stockChanged());
            return MESSAGES.orderStatusUpdated;
          }
          if (to === ORDER_STATUS.CANCELLED) {
            // Back to the batches the units came from; product rows are locked in id order, as
            // placing an order locks them (otherwise the two could deadlock: issue 7 crash burst).
            await inventory.returnOrderStock(tx, order.id, session.userId);
            events.push(() => catalog.stockChanged());
            // An invoiced order is never renumbered: a credit note reverses it (CGST Act s.34).
            await invoices.issueCreditNote(tx, order.id, session.userId);
          }
          await changeStatus(tx, order, to, session.userId, input.note ?? null, 'admin');
          result = MESSAGES.orderStatusUpdated;
        }
        return result;
      });
      for (const event of events) event();
      const updated = await repository.findOrder(db, orderId);
      if (!updated) throw new NotFoundError(ORDER_NOT_FOUND);
      return { message, order: toOrder(updated) };
    },

    ...steps,

    /** Owner or admin may see the order (404 otherwise). */
    assertVisible: (session: Session, orderId: number) => visibleOrder(session, orderId),

    /** The same, with the order row locked in the caller's transaction (issue 19 after-sales). */
    lockVisible: (session: Session, orderId: number, tx: DbOrTx) =>
      visibleOrder(session, orderId, tx, true),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
