import { vi } from 'vitest';

export interface MockResponse {
  status?: number;
  body?: unknown;
}

export type Handler = MockResponse | ((request: { body: unknown; url: URL }) => MockResponse);

/**
 * Replaces fetch with a table of 'METHOD /api/path' → response. Anything not listed answers 404
 * with the server's error shape, as an endpoint that does not exist yet would.
 */
export function mockApi(routes: Record<string, Handler> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const result: MockResponse = handler
      ? typeof handler === 'function'
        ? handler({ body, url })
        : handler
      : {
          status: 404,
          body: {
            statusCode: 404,
            error: 'Not Found',
            message: `Route ${method}:${url.pathname} not found`,
          },
        };
    const status = result.status ?? 200;
    return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === path && (init?.method ?? 'GET').toUpperCase() === method;
  });
}

export const settingsResponse = {
  shopName: 'Test Pharmacy',
  currencySymbol: '₹',
  supportEmail: 'help@test.example',
  supportPhone: '+91 11 2222 3333',
  googleSignInEnabled: false,
  // Issue 19: the after-sales policy and loyalty programme at their defaults.
  afterSales: { changeOrCancelHours: 24, returnDays: 30, damageReportHours: 48 },
  loyalty: { earnPerMinor: 10_000, pointValueMinor: 100, maxRedeemPercent: 20, expiryMonths: 12 },
  // Issue 28: the built-in test provider, cash on delivery without a maximum.
  payments: { online: 'test', codMaxOrderValue: null },
};
