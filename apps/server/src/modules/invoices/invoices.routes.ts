import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, type TaxDocumentKind } from '@pharmacy/shared';
import { requireSession } from '../../plugins/auth';
import type { InvoicesService } from './invoices.service';
import { orderIdParams } from '../../lib/route-schemas';

const tags = ['orders'];

const DOCUMENTS: Array<{ path: string; kind: TaxDocumentKind; summary: string }> = [
  {
    path: '/order/:orderId/invoice.pdf',
    kind: 'invoice',
    summary: "The order's GST tax invoice as PDF (owner or admin; 404 before it is paid)",
  },
  {
    path: '/order/:orderId/credit-note.pdf',
    kind: 'credit_note',
    summary:
      'A credit note of the order as PDF (owner or admin; 404 if none): the one numbered `number`, else the latest (a cancellation, or a return’s refund)',
  },
];

export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  for (const document of DOCUMENTS) {
    app.get(
      document.path,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: document.summary,
          params: orderIdParams,
          // Issue 19: an order may have several credit notes (one per refunded return).
          querystring: z.object({ number: z.string().trim().min(1).max(40).optional() }),
          produces: ['application/pdf'],
          response: {
            200: z.unknown().describe('PDF, A4, named after the document number'),
            400: errorResponseSchema,
            401: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { fileName, body } = await invoices.pdf(
          requireSession(request),
          request.params.orderId,
          document.kind,
          request.query.number,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );
  }
};
