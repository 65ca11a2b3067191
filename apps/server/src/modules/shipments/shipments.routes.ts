import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  courierInputSchema,
  courierListSchema,
  courierSchema,
  shipmentEventInputSchema,
  shipmentInputSchema,
  shipmentListSchema,
} from '@pharmacy/shared';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError, BadRequestError, TooManyRequestsError } from '../../lib/errors';
import { limitKey } from '../../lib/rate-limits';
import { errorResponses, idParams, idParamsOf, orderIdParams } from '../../lib/route-schemas';
import { requireSession } from '../../plugins/auth';
import { renderPackingSlip } from './packing-slip-pdf';
import type { ShipmentsService } from './shipments.service';

const tags = ['delivery'];
// Issue 32: couriers are the owner's settings; the packer reads them to dispatch.
const settings = { access: 'settings.manage' as const };
const fulfil = { access: 'orders.fulfil' as const };
/** Refused courier webhook deliveries an address may send a minute before it gets 429. */
export const REFUSED_COURIER_WEBHOOKS_PER_MINUTE = 300;

const shipmentParams = orderIdParams.extend(idParamsOf('shipmentId').shape);
const messageAndShipments = shipmentListSchema.extend({ message: z.string() });

/** Reads the webhook's exact bytes: the courier signs them, not the parsed object. */
function rawJsonBody(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
}

/** Couriers, an order's parcels, tracking events and the packing slip (issue 29 point 4). */
export const shipmentsRoutes: FastifyPluginAsyncZod<{
  shipments: ShipmentsService;
  shopName: string;
  refusedWebhooks: RateLimiterAbstract;
}> = async (app, { shipments, shopName, refusedWebhooks }) => {
  app.get(
    '/couriers',
    {
      config: fulfil,
      schema: {
        tags,
        summary: 'Couriers the pharmacy sends parcels with',
        response: { 200: courierListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => shipments.listCouriers(),
  );

  app.post(
    '/couriers',
    {
      config: settings,
      schema: {
        tags,
        summary: 'Add a courier, with its tracking page ({awb} where the tracking number goes)',
        body: courierInputSchema,
        response: { 200: courierSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => shipments.createCourier(request.body, requireSession(request).userId),
  );

  app.put(
    '/couriers/:id',
    {
      config: settings,
      schema: {
        tags,
        summary: 'Change a courier, or stop using it',
        params: idParams,
        body: courierInputSchema,
        response: { 200: courierSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      shipments.updateCourier(request.params.id, request.body, requireSession(request).userId),
  );

  app.get(
    '/order/:orderId/shipments',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary:
          "The order's parcels: courier, tracking number and link, and their tracking events (owner or admin)",
        params: orderIdParams,
        response: { 200: shipmentListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => shipments.listForOrder(requireSession(request), request.params.orderId),
  );

  app.post(
    '/order/:orderId/shipments',
    {
      config: fulfil,
      schema: {
        tags: ['orders'],
        summary:
          'Dispatch a parcel of the order with a courier and its tracking number (the first moves the order to Dispatched)',
        params: orderIdParams,
        body: shipmentInputSchema,
        response: { 200: messageAndShipments, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      shipments.dispatch(requireSession(request), request.params.orderId, request.body),
  );

  app.post(
    '/order/:orderId/shipments/:shipmentId/events',
    {
      config: fulfil,
      schema: {
        tags: ['orders'],
        summary:
          "Record a parcel's tracking event (delivered for the last parcel moves the order to Delivered)",
        params: shipmentParams,
        body: shipmentEventInputSchema,
        response: { 200: messageAndShipments, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      shipments.recordEvent(
        requireSession(request),
        request.params.orderId,
        request.params.shipmentId,
        request.body,
      ),
  );

  app.get(
    '/order/:orderId/packing-slip.pdf',
    {
      config: fulfil,
      schema: {
        tags: ['orders'],
        summary: 'The packing slip as PDF: lines, batches, expiry, prescription flag, no prices',
        params: orderIdParams,
        produces: ['application/pdf'],
        response: {
          200: z.unknown().describe('PDF, A4'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const [detail, parcels] = await Promise.all([
        shipments.detailForSlip(session, request.params.orderId),
        shipments.listForOrder(session, request.params.orderId),
      ]);
      const body = await renderPackingSlip(detail, parcels.shipments, shopName);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="packing-slip-${request.params.orderId}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  await app.register(async (webhook) => {
    rawJsonBody(webhook);
    webhook.post(
      '/delivery/webhook/courier',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            "Courier tracking webhook: X-Courier-Signature (hex HMAC-SHA256 of the raw body with COURIER_WEBHOOK_SECRET) checked first; a replayed eventId adds nothing; 'delivered' for the order's last parcel delivers the order",
          response: {
            200: z.object({ received: z.literal(true), applied: z.boolean() }),
            ...errorResponses(400, 401, 429),
          },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new BadRequestError('Webhook refused: the body must be JSON.');
        const signature = request.headers['x-courier-signature'];
        try {
          return await shipments.handleWebhook(
            request.body,
            Array.isArray(signature) ? signature[0] : signature,
          );
        } catch (error) {
          if (
            !(error instanceof AppError) ||
            (error.statusCode !== 400 && error.statusCode !== 401)
          )
            throw error;
          const refused = await refusedWebhooks.penalty(limitKey(request.ip), 1);
          if (refused.consumedPoints > REFUSED_COURIER_WEBHOOKS_PER_MINUTE)
            throw new TooManyRequestsError(Math.max(1, Math.ceil(refused.msBeforeNext / 1000)));
          throw error;
        }
      },
    );
  });
};
