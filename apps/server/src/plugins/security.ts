import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers for the API and the SPA. The CSP allows only this origin; Stripe's
 * script and frames are allowed because card payments load them (DECISIONS: Stripe when
 * configured). Styles allow inline because the toast library injects its stylesheet.
 */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'", 'https://js.stripe.com'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'https://api.stripe.com'],
      'frame-src': ["'self'", 'blob:', 'https://js.stripe.com', 'https://hooks.stripe.com'],
      'object-src': ["'self'", 'blob:'],
      // The installable web app (decision 0013): its manifest and its one service worker, both
      // from this origin. Said outright, as worker-src would otherwise fall back to script-src.
      'manifest-src': ["'self'"],
      'worker-src': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // Sent below, and only over HTTPS.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * The headers helmet sets, worked out once at start. The same options give the same headers for
 * every request; @fastify/helmet built and ran a new helmet middleware, parsing the CSP again,
 * on each one: about a seventh of the server's time on a cached listing (docs/performance.md).
 */
export function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let finished = false;
  let failure: unknown;
  helmet(options)(response.req, response, (error?: unknown) => {
    finished = true;
    failure = error;
  });
  // Helmet sets its headers synchronously; if a version ever did not, the set would be partial.
  if (!finished) throw new Error('helmet did not finish setting its headers synchronously');
  if (failure) throw failure;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

type ExtendedDirective = 'img-src' | 'script-src' | 'frame-src' | 'connect-src';

export interface SecurityPluginOptions {
  /** Where images come from besides this origin: the bucket or its CDN (lib/storage). */
  imageOrigins?: readonly string[];
  /** Origins the configured payment provider's browser script needs (Razorpay Checkout). */
  paymentOrigins?: Partial<Record<ExtendedDirective, readonly string[]>>;
}

/**
 * What Razorpay Checkout needs (its CSP guide): its script, its frames on the API's origin, the
 * calls it makes there and to its logging endpoint, and its logos. From the configured URLs, so
 * a proxy or the local double is allowed instead.
 */
export function razorpayOrigins(urls: {
  apiUrl: string;
  checkoutUrl: string;
}): Partial<Record<ExtendedDirective, readonly string[]>> {
  const api = new URL(urls.apiUrl).origin;
  const checkout = new URL(urls.checkoutUrl).origin;
  const both = [...new Set([api, checkout])];
  return {
    'script-src': [checkout],
    'frame-src': both,
    'connect-src': [...both, 'https://lumberjack.razorpay.com'],
    'img-src': ['https://cdn.razorpay.com'],
  };
}

/** The CSP with the storage's image origins and the payment provider's origins added. */
function helmetOptions(options: SecurityPluginOptions): Parameters<typeof helmet>[0] {
  const extra: Partial<Record<ExtendedDirective, readonly string[]>> = {
    ...options.paymentOrigins,
    'img-src': [...(options.imageOrigins ?? []), ...(options.paymentOrigins?.['img-src'] ?? [])],
  };
  const csp = HELMET_OPTIONS?.contentSecurityPolicy;
  if (!csp || typeof csp !== 'object' || !csp.directives) return HELMET_OPTIONS;
  const directives = { ...csp.directives };
  for (const [name, origins] of Object.entries(extra)) {
    if (!origins || origins.length === 0) continue;
    const current = directives[name];
    directives[name] = [...new Set([...(Array.isArray(current) ? current : []), ...origins])];
  }
  return { ...HELMET_OPTIONS, contentSecurityPolicy: { ...csp, directives } };
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityPluginOptions) => {
  const headers = helmetHeaders(helmetOptions(options));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  /**
   * HSTS only on answers that went out over HTTPS (RFC 6797 §7.2: a browser ignores it over
   * plain HTTP, and a local `http://localhost` shop must not pin a name to HTTPS). Behind a
   * TLS-terminating proxy, `request.protocol` reads X-Forwarded-Proto only when TRUST_PROXY is
   * set, so a client cannot fake it on a directly exposed server.
   */
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
});

/** One year, subdomains included (ASVS 3.4.1 asks for at least a year). */
export const HSTS = 'max-age=31536000; includeSubDomains';
