import {
  ORDER_STATUS,
  ORDER_STATUS_NAMES,
  formatMoney,
  type OrderStatusId,
} from '@pharmacy/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mail';

export interface OrderMailTarget {
  orderId: number;
  email: string;
  name: string;
  totalOrderValue: number;
}

/** Issue 6: order e-mails are sent after the change is committed and never block the answer. */
export function createOrderMail(deps: {
  mailer: Mailer;
  publicUrl: string;
  shopName: string;
  currencySymbol: string;
  log: FastifyBaseLogger;
}) {
  const send = (to: OrderMailTarget, subject: string, lines: string[]) => {
    const link = `${deps.publicUrl}/order/${to.orderId}`;
    deps.mailer
      .send({
        to: to.email,
        subject: `${subject} — order #${to.orderId}`,
        text: [
          `Hello ${to.name},`,
          '',
          ...lines,
          '',
          `Your order: ${link}`,
          '',
          `${deps.shopName}`,
        ].join('\n'),
      })
      .catch((error: unknown) =>
        deps.log.error({ err: error, orderId: to.orderId }, 'order mail failed'),
      );
  };
  const total = (to: OrderMailTarget) => formatMoney(to.totalOrderValue, deps.currencySymbol);

  return {
    placed: (to: OrderMailTarget) =>
      send(to, 'We received your order', [
        `Thank you for your order of ${total(to)}.`,
        'Please confirm your delivery address (and upload a prescription if the order needs one) to complete it.',
      ]),
    confirmed: (to: OrderMailTarget, paymentNote: string) =>
      send(to, 'Order confirmed', [
        `Your order of ${total(to)} is confirmed (${paymentNote}).`,
        "We're currently preparing your order and will update you shortly.",
      ]),
    prescriptionRejected: (to: OrderMailTarget, reason: string) =>
      send(to, 'Your prescription needs attention', [
        'Our pharmacist could not accept the prescription you uploaded:',
        reason,
        'Please upload a valid prescription from the order page. You will not be charged again.',
      ]),
    statusChanged: (to: OrderMailTarget, statusId: OrderStatusId) => {
      const notify: OrderStatusId[] = [
        ORDER_STATUS.DISPATCHED,
        ORDER_STATUS.DELIVERED,
        ORDER_STATUS.CANCELLED,
      ];
      if (!notify.includes(statusId)) return;
      send(to, `Order ${ORDER_STATUS_NAMES[statusId].toLowerCase()}`, [
        `Your order is now: ${ORDER_STATUS_NAMES[statusId]}.`,
      ]);
    },
  };
}

export type OrderMail = ReturnType<typeof createOrderMail>;
