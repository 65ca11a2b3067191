import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
type ZodScope = ReturnType<typeof withZod>;

/**
 * RFC 8058 one-click unsubscribe: the mail client POSTs 'List-Unsubscribe=One-Click' as a form to
 * the URL in the List-Unsubscribe header, and the token is in that URL. Forms are read in the
 * scope this registers only (the rest of the API takes JSON), kept as text and never used.
 */
export function oneClickFormScope(
  app: FastifyInstance,
  routes: (scope: ZodScope) => void,
): ReturnType<FastifyInstance['register']> {
  return app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    routes(withZod(scope));
  });
}
