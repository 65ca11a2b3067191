import { LIMITS, fromMinorUnits, type CreateIntentResponse } from '@pharmacy/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import type { OrdersService } from '../orders/orders.service';
import type { CardPaymentProvider } from './payment-provider';

export const ORDER_ALREADY_PAID = 'This order has already been paid by card.';
export const CARD_ONLY_ABOVE = `Card payment is offered for orders over ${LIMITS.cardPaymentAbove}.`;

export function createCardPaymentsService(deps: {
  orders: OrdersService;
  provider: CardPaymentProvider;
  log: FastifyBaseLogger;
}) {
  const { orders, provider } = deps;
  /** Webhook events already handled, so a duplicate delivery changes nothing (ids kept for a day). */
  const seenEvents = new Map<string, number>();

  return {
    provider,

    /** Spec §2: card payment only when the total exceeds 50; the amount always comes from the order. */
    async createIntent(session: Session, orderId: number): Promise<CreateIntentResponse> {
      const order = await orders.orderForCardPayment(session, orderId);
      if (order.amountMinor <= LIMITS.cardPaymentAbove * 100)
        throw new ConflictError(CARD_ONLY_ABOVE);
      const open = order.openPayment;
      if (
        open?.intentId &&
        open.amountMinor === order.amountMinor &&
        open.provider === provider.name
      ) {
        const existing = await provider.retrieveIntent(open.intentId);
        if (existing && existing.status !== 'canceled') {
          return {
            provider: provider.name,
            intentId: existing.id,
            clientSecret: existing.clientSecret,
            publishableKey: provider.publishableKey,
            amount: fromMinorUnits(order.amountMinor),
          };
        }
      }
      // The order's total changed since its other intents were made (a coupon or points): cancel
      // them at the provider, so another tab still showing the old total cannot pay it. One that
      // was paid meanwhile stays open here; recording it answers 409 (the amount differs).
      for (const stale of order.superseded.open) {
        if (stale.provider !== provider.name || !stale.intentId) continue;
        const status = await provider.cancelIntent(stale.intentId);
        if (status === 'canceled' || status === undefined)
          await orders.markPaymentSuperseded(stale.id);
      }
      const retry = order.superseded.supersededAtAmount;
      const intent = await provider.createIntent({
        orderId,
        amountMinor: order.amountMinor,
        // A new key once an intent for this amount was cancelled, or the provider would answer it.
        idempotencyKey: `order-${orderId}-amount-${order.amountMinor}${retry ? `-${retry}` : ''}`,
      });
      // The same key answers the earlier intent: if that one was paid (an admin moved the paid
      // order back to Payment), recording it again would break the unique intent id (issue 7).
      if (intent.status === 'succeeded') throw new ConflictError(ORDER_ALREADY_PAID);
      if (!open || open.intentId !== intent.id) {
        await orders.recordCardIntent(orderId, {
          intentId: intent.id,
          provider: provider.name,
          amountMinor: order.amountMinor,
        });
      }
      return {
        provider: provider.name,
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        publishableKey: provider.publishableKey,
        amount: fromMinorUnits(order.amountMinor),
      };
    },

    /** The client reports a confirmed card payment; the provider is asked, never believed blindly. */
    async savePaymentDetails(
      session: Session,
      orderId: number,
      paymentId: string,
      paymentMethodId: string | null | undefined,
    ) {
      const order = await orders.assertVisible(session, orderId);
      if (order.userId !== session.userId) throw new NotFoundError('No order found.');
      const intent = await provider.retrieveIntent(paymentId);
      if (!intent || intent.orderId !== orderId)
        throw new NotFoundError('No payment found for this order.');
      if (intent.status !== 'succeeded')
        throw new ConflictError('The card payment has not gone through yet.');
      const result = await orders.recordCardSuccess(intent.id, {
        orderId,
        amountMinor: intent.amountMinor,
        paymentMethodId: paymentMethodId ?? intent.paymentMethodId,
        byUserId: session.userId,
      });
      return {
        message: result.saved ? 'Payment successful' : 'Payment already saved',
        order: result.order,
      };
    },

    async handleWebhook(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ received: true }> {
      const event = provider.parseWebhook(rawBody, signature);
      const now = Date.now();
      for (const [id, at] of seenEvents) if (now - at > 86_400_000) seenEvents.delete(id);
      if (seenEvents.has(event.id)) return { received: true };
      if (event.type === 'payment_intent.succeeded' && event.intent?.orderId) {
        try {
          await orders.recordCardSuccess(event.intent.id, {
            orderId: event.intent.orderId,
            amountMinor: event.intent.amountMinor,
            paymentMethodId: event.intent.paymentMethodId,
            byUserId: null,
          });
        } catch (error) {
          // A payment for an order that moved on (or an unknown intent) is logged for a person to look at.
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          deps.log.warn({ err: error, eventId: event.id }, 'webhook payment could not be applied');
        }
      }
      seenEvents.set(event.id, now);
      return { received: true };
    },
  };
}

export type CardPaymentsService = ReturnType<typeof createCardPaymentsService>;
