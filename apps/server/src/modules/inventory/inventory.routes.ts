import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchWriteResponseSchema,
  errorResponseSchema,
  goodsReceiptSchema,
  idParamSchema,
  ledgerQuerySchema,
  ledgerResponseSchema,
  lowStockQuerySchema,
  lowStockResponseSchema,
  nearExpiryQuerySchema,
  nearExpiryResponseSchema,
  productStockResponseSchema,
  productStockSchema,
  recallOrdersResponseSchema,
  recallResponseSchema,
  recallSchema,
  reorderLevelSchema,
  stockAdjustmentSchema,
  writeOffSchema,
} from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { InventoryService } from './inventory.service';
import { spreadsheetCell as cell } from '../../lib/csv';
import { errorResponses } from '../../lib/route-schemas';

const tags = ['inventory'];
const errors = errorResponses(400, 401, 403, 404);
const writeErrors = { ...errors, 409: errorResponseSchema };
/** Stock answers change with every order: never reused by a browser or a proxy. */
const admin = { access: 'inventory.manage' as const };

/** Sent again with the same key, a receipt or adjustment is not counted twice. */
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(8).max(100).optional(),
});

export const inventoryRoutes: FastifyPluginAsyncZod<{ inventory: InventoryService }> = async (
  app,
  { inventory },
) => {
  app.post(
    '/inventory/receipts',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Receive units of a batch (goods receipt); a known batch number adds to it',
        headers: idempotencyHeaders,
        body: goodsReceiptSchema,
        response: { 200: batchWriteResponseSchema, 201: batchWriteResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await inventory.receive(
        request.body,
        requireSession(request).userId,
        request.headers['idempotency-key'] ?? null,
      );
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/inventory/products/:id/batches',
    {
      config: admin,
      schema: {
        tags,
        summary: "A product's batches, first to expire first, with its sellable stock",
        params: idParamSchema,
        response: { 200: productStockResponseSchema, ...errors },
      },
    },
    async (request) => inventory.productBatches(request.params.id),
  );

  app.get(
    '/inventory/products/:id/ledger',
    {
      config: admin,
      schema: {
        tags,
        summary: "A product's stock movements, newest first",
        params: idParamSchema,
        querystring: ledgerQuerySchema,
        response: { 200: ledgerResponseSchema, ...errors },
      },
    },
    async (request) => inventory.ledger(request.params.id, request.query),
  );

  app.put(
    '/inventory/products/:id/reorder-level',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Set the sellable stock below which a product is on the low-stock list',
        params: idParamSchema,
        body: reorderLevelSchema,
        response: {
          200: z.object({ message: z.string(), product: productStockSchema }),
          ...errors,
        },
      },
    },
    async (request) => inventory.setReorderLevel(request.params.id, request.body.reorderLevel),
  );

  app.post(
    '/inventory/batches/:id/adjustments',
    {
      config: admin,
      schema: {
        tags,
        summary: "Correct a batch's units by hand (signed units, a reason required)",
        params: idParamSchema,
        headers: idempotencyHeaders,
        body: stockAdjustmentSchema,
        response: { 200: batchWriteResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      inventory.adjust(
        request.params.id,
        request.body,
        requireSession(request).userId,
        request.headers['idempotency-key'] ?? null,
      ),
  );

  app.post(
    '/inventory/batches/:id/write-off',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Write off every unit of an expired, short-dated or recalled batch',
        params: idParamSchema,
        body: writeOffSchema,
        response: { 200: batchWriteResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      inventory.writeOff(request.params.id, request.body.note, requireSession(request).userId),
  );

  app.post(
    '/inventory/batches/:id/recall',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Recall a batch: it stops being sold at once; answers the orders that got units',
        params: idParamSchema,
        body: recallSchema,
        response: { 200: recallResponseSchema, ...writeErrors },
      },
    },
    async (request) =>
      inventory.recall(request.params.id, request.body.reason, requireSession(request).userId),
  );

  app.get(
    '/inventory/batches/:id/orders',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Orders that received units of a batch and kept them (cancelled ones returned them)',
        params: idParamSchema,
        response: { 200: recallOrdersResponseSchema, ...errors },
      },
    },
    async (request) => inventory.batchOrders(request.params.id),
  );

  app.get(
    '/inventory/batches/:id/orders.csv',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The same orders as CSV, to contact the customers',
        params: idParamSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { batch, productName, orders } = await inventory.batchOrders(request.params.id);
      const csv = stringify(
        orders.map((order) => [
          order.orderId,
          order.orderedAt,
          cell(order.customerName),
          cell(order.customerEmail),
          cell(order.customerPhone ?? ''),
          order.units,
          order.status,
          cell(productName),
          cell(batch.batchNumber),
          batch.expiryDate,
        ]),
        {
          header: true,
          columns: [
            'Order',
            'Ordered at',
            'Customer',
            'E-mail',
            'Phone',
            'Units',
            'Status',
            'Product',
            'Batch',
            'Expiry',
          ],
        },
      );
      const name = `batch-${batch.batchNumber.replace(/[^A-Za-z0-9-]+/g, '_')}-orders.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/inventory/low-stock',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Active products whose sellable stock is below their reorder level',
        querystring: lowStockQuerySchema,
        response: { 200: lowStockResponseSchema, ...errors },
      },
    },
    async (request) => inventory.lowStock(request.query),
  );

  app.get(
    '/inventory/near-expiry',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Batches with units that expire within the window (NEAR_EXPIRY_DAYS by default), expired ones included',
        querystring: nearExpiryQuerySchema,
        response: { 200: nearExpiryResponseSchema, ...errors },
      },
    },
    async (request) => inventory.nearExpiry(request.query),
  );
};
