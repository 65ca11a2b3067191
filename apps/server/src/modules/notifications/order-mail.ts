import {
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  formatLongDate,
  formatMoney,
  type OrderStatusId,
} from '@pharmacy/shared';
import type { DbOrTx } from '../../db/client';
import type { MailOutbox } from './mail-outbox';

export interface OrderMailTarget {
  orderId: number;
  email: string;
  name: string;
  totalOrderValue: number;
  /** The customer's choice for the mails they may turn off (dispatched, delivered). */
  progressMails: boolean;
  expectedDeliveryDate: string | null;
}

/** Statuses whose mail the customer may turn off in their profile (issue 17). */
const PROGRESS_STATUSES: OrderStatusId[] = [ORDER_STATUS.DISPATCHED, ORDER_STATUS.DELIVERED];
/** Statuses that are always mailed: the customer must know. */
const ESSENTIAL_STATUSES: OrderStatusId[] = [ORDER_STATUS.CANCELLED];

/**
 * The order e-mails (issue 6, on the job queue since issue 17): each is queued in the transaction
 * of the change it reports, so it is sent exactly when that change committed.
 */
export function createOrderMail(deps: {
  outbox: MailOutbox;
  publicUrl: string;
  shopName: string;
  currencySymbol: string;
}) {
  const send = (
    tx: DbOrTx,
    kind: string,
    to: OrderMailTarget,
    subject: string,
    lines: string[],
    /** A mail the customer may turn off: it says where. */
    optional = false,
  ) => {
    const link = `${deps.publicUrl}/order/${to.orderId}`;
    return deps.outbox.enqueue(tx, kind, {
      to: to.email,
      subject: `${subject} — order #${to.orderId}`,
      text: [
        `Hello ${to.name},`,
        '',
        ...lines,
        '',
        `Your order: ${link}`,
        '',
        ...(optional
          ? [`You can turn off delivery updates in your profile: ${deps.publicUrl}/dashboard`, '']
          : []),
        `${deps.shopName}`,
      ].join('\n'),
    });
  };
  const total = (to: OrderMailTarget) => formatMoney(to.totalOrderValue, deps.currencySymbol);

  return {
    placed: (tx: DbOrTx, to: OrderMailTarget) =>
      send(tx, 'order.placed', to, 'We received your order', [
        `Thank you for your order of ${total(to)}.`,
        'Please confirm your delivery address (and upload a prescription if the order needs one) to complete it.',
      ]),
    confirmed: (tx: DbOrTx, to: OrderMailTarget, paymentNote: string, invoiceNumber: string) =>
      send(tx, 'order.confirmed', to, 'Order confirmed', [
        `Your order of ${total(to)} is confirmed (${paymentNote}).`,
        "We're currently preparing your order and will update you shortly.",
        // Issue 29: the promise made for the pincode when the order was confirmed.
        ...(to.expectedDeliveryDate
          ? [`Expected delivery: ${formatLongDate(`${to.expectedDeliveryDate}T00:00:00Z`)}.`]
          : []),
        '',
        // The PDF needs the customer's session, so the mail links to the order page and its button.
        `Your tax invoice ${invoiceNumber} is ready: sign in and choose 'Download invoice' on your order page: ${deps.publicUrl}/order/${to.orderId}`,
      ]),
    prescriptionRejected: (tx: DbOrTx, to: OrderMailTarget, reason: string) =>
      send(tx, 'order.prescription_rejected', to, 'Your prescription needs attention', [
        'Our pharmacist could not accept the prescription you uploaded:',
        reason,
        'Please upload a valid prescription from the order page. You will not be charged again.',
      ]),
    async statusChanged(
      tx: DbOrTx,
      to: OrderMailTarget,
      statusId: OrderStatusId,
      /** The change's note: on dispatch, the courier and the tracking link (issue 29). */
      note: string | null = null,
    ) {
      const progress = PROGRESS_STATUSES.includes(statusId);
      if (!progress && !ESSENTIAL_STATUSES.includes(statusId)) return;
      if (progress && !to.progressMails) return;
      const lines = [`Your order is now: ${ORDER_STATUS_NAMES[statusId]}.`];
      if (statusId === ORDER_STATUS.DISPATCHED && note) lines.push(note);
      if (statusId === ORDER_STATUS.DISPATCHED && to.expectedDeliveryDate) {
        lines.push(`Expected delivery: ${formatLongDate(`${to.expectedDeliveryDate}T00:00:00Z`)}.`);
      }
      await send(
        tx,
        `order.${ORDER_STATUS_NAMES[statusId].toLowerCase()}`,
        to,
        `Order ${ORDER_STATUS_NAMES[statusId].toLowerCase()}`,
        lines,
        progress,
      );
    },
  };
}

export type OrderMail = ReturnType<typeof createOrderMail>;
