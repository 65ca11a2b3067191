import type { OrderStatusId, PayoutChannel, TransitionActor } from '@pharmacy/shared';
import type { ShippingAddressSnapshot } from '../../db/schema/index';
import type { EventBus } from '../../lib/event-bus';
import type { listLineBatches, listLines } from './orders.repository';

/** An order as its events carry it: the row as the lifecycle read it, under its lock. */
export interface OrderSnapshot {
  id: number;
  statusId: number;
  userId: number;
  addressId: number | null;
  totalOrderValueMinor: number;
  createdAt: Date;
  expectedDeliveryDate: string | null;
  shippingAddress: ShippingAddressSnapshot | null;
  paymentNote: string | null;
  couponCode: string | null;
  couponDiscountMinor: number;
  pointsRedeemed: number;
  pointsDiscountMinor: number;
  hasPrescriptionItems: boolean;
  orderedByName: string;
  orderedByEmail: string;
  /** The customer's choice for the mails they may turn off (dispatched, delivered). */
  orderedByProgressMails: boolean;
}

export type OrderLineFacts = Awaited<ReturnType<typeof listLines>>[number];
export type OrderLineBatchFacts = Awaited<ReturnType<typeof listLineBatches>>[number];

/** Who cancelled: the owner from their order page, or the pharmacy from the admin's. */
export type CancelActor = 'customer' | 'admin';

interface Change {
  order: OrderSnapshot;
  byUserId: number | null;
}

/**
 * The order's life as events (docs/architecture.md). Each is published by modules/orders inside
 * the transaction that made the change; a `receipt` is filled by `record` subscribers for the
 * `notify` ones that run after them (the confirmation mail names the invoice the invoices module
 * just issued).
 */
export interface OrderEventMap {
  'order.placed': {
    orderId: number;
    userId: number;
    email: string;
    name: string;
    totalMinor: number;
  };
  /** Every status change, after the history row is written. */
  'order.status_changed': Change & {
    from: OrderStatusId;
    to: OrderStatusId;
    note: string | null;
    actor: TransitionActor;
  };
  'order.address_confirmed': Change;
  /** Payment done (card or cash on delivery): the order is confirmed. */
  'order.paid': Change & {
    note: string;
    lines: OrderLineFacts[];
    batches: OrderLineBatchFacts[];
    receipt: { invoiceNumber: string | null };
  };
  /** A card payment that went through after the order was cancelled (another tab, a webhook). */
  'order.paid_after_cancel': { orderId: number; byUserId: number | null };
  /**
   * An online payment the order did not need (a second one after it was paid, or one of a total
   * it no longer has): the money was taken, and is given back in full (issue 28).
   */
  'order.payment_unneeded': {
    orderId: number;
    paymentId: number;
    amountMinor: number;
    byUserId: number | null;
  };
  'order.prescription_decided': Change & { approved: boolean; reason: string | null };
  /** The order entered Packing: paid (no prescription to check) or sent to packing by the pharmacy. */
  'order.packed': Change;
  'order.dispatched': Change;
  'order.delivered': Change;
  'order.cancelled': Change & {
    by: CancelActor;
    reasonCode: string;
    reasonText: string | null;
    /** The sentence shown to people: the owner's listed reason or the pharmacy's note. */
    reason: string;
    receipt: {
      creditNoteNumber: string | null;
      refund: {
        amountMinor: number;
        method: 'card' | 'payout';
        /** Who sends the money back: Razorpay (UPI, card…), Stripe or the test provider. */
        provider: string;
        payoutChannel: PayoutChannel | null;
        payoutReference: string | null;
      } | null;
    };
  };
  /** Money given back (cancellation, return, damage claim), with what was paid in all. */
  'order.refunded': {
    orderId: number;
    userId: number;
    amountMinor: number;
    paidMinor: number;
    refundedMinorAfter: number;
  };
  /** A return received back at the pharmacy: per line, the units and how many can be sold again. */
  'order.returned': {
    orderId: number;
    returnRequestId: number;
    byUserId: number | null;
    lines: Array<{
      orderLineId: number;
      units: number;
      resaleableUnits: number;
      unitsAlreadyReceived: number;
    }>;
  };
}

export type OrderEvents = EventBus<OrderEventMap>;
