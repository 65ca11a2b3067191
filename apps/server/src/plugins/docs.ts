import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate requests (DECISIONS: Contract). */
export const docsPlugin = fp(async (app: FastifyInstance, options: { shopName: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${options.shopName} API`,
        description: 'Online pharmacy storefront and dashboard API.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // swagger-ui's own policy allows framing by the same site; the shop's rule is never framed.
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
});
