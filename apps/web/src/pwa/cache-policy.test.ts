import { describe, expect, it } from 'vitest';
import {
  cacheName,
  cacheStrategy,
  isStorable,
  type CacheStrategy,
  type RequestFacts,
} from './cache-policy';

const origin = 'https://shop.example';

/** [what, method, mode, url, strategy] */
const table: [string, string, string, string, CacheStrategy][] = [
  // Personal data is never stored: every API answer, whatever asks for it.
  ['an API answer', 'GET', 'cors', '/api/order/user/orders', 'network-only'],
  ['the cart', 'GET', 'cors', '/api/cart', 'network-only'],
  ['the API root', 'GET', 'cors', '/api', 'network-only'],
  ['an API page opened in a tab', 'GET', 'navigate', '/api/docs', 'network-only'],
  [
    'the Google sign-in callback',
    'GET',
    'navigate',
    '/api/auth/google/callback?code=x',
    'network-only',
  ],
  ['a prescription file', 'GET', 'cors', '/api/prescription-file/7', 'network-only'],
  ['an upload', 'GET', 'no-cors', '/uploads/products/a-1f2e.webp', 'network-only'],
  ['an upload opened in a tab', 'GET', 'navigate', '/uploads/products/a.png', 'network-only'],
  ['a POST', 'POST', 'cors', '/api/cart', 'network-only'],
  ['a POST to an asset path', 'POST', 'cors', '/assets/index-abc123.js', 'network-only'],
  // The worker and the manifest are always fetched afresh.
  ['the worker', 'GET', 'same-origin', '/sw.js', 'network-only'],
  ['the manifest', 'GET', 'cors', '/manifest.webmanifest', 'network-only'],
  // Hashed build files.
  ['a hashed script', 'GET', 'cors', '/assets/x-abc123.js', 'cache-first'],
  ['a hashed stylesheet', 'GET', 'no-cors', '/assets/web-DIvSY1Bp.css', 'cache-first'],
  ['an asset with a query', 'GET', 'cors', '/assets/x-abc123.js?v=2', 'network-only'],
  ['a nested path under assets', 'GET', 'cors', '/assets/a/b.js', 'network-only'],
  // Pages: from the network, the offline page when there is none.
  ['the home page', 'GET', 'navigate', '/', 'network-first'],
  ['a product page', 'GET', 'navigate', '/product/42', 'network-first'],
  ['an order page', 'GET', 'navigate', '/order/process/12', 'network-first'],
  // Everything else: the browser's own cache rules.
  ['an icon', 'GET', 'no-cors', '/icons/icon-192.png', 'network-only'],
  ['a placeholder image', 'GET', 'no-cors', '/placeholders/product-1.svg', 'network-only'],
  ['another origin', 'GET', 'cors', 'https://js.stripe.com/v3/', 'network-only'],
  ['a page of another origin', 'GET', 'navigate', 'https://accounts.google.com/o', 'network-only'],
  ['an image bucket', 'GET', 'no-cors', 'https://bucket.example/uploads/a.png', 'network-only'],
];

describe('service worker cache policy', () => {
  it.each(table)('%s: %s %s %s → %s', (_what, method, mode, url, strategy) => {
    const request: RequestFacts = { method, mode, url: new URL(url, origin).href };
    expect(cacheStrategy(request, origin)).toBe(strategy);
  });

  it('never lets an /api or /uploads path be stored, whatever the method or mode', () => {
    for (const pathname of ['/api/users/me', '/api/order/1', '/uploads/private/rx.pdf'])
      for (const mode of ['navigate', 'cors', 'no-cors', 'same-origin'])
        expect(cacheStrategy({ method: 'GET', mode, url: origin + pathname }, origin)).toBe(
          'network-only',
        );
  });

  it('names one cache per build', () => {
    expect(cacheName('6f455ade1511')).toBe('shop-shell-6f455ade1511');
    expect(cacheName('a')).not.toBe(cacheName('b'));
  });

  it('stores only whole, successful, same-origin answers', () => {
    expect(isStorable({ ok: true, status: 200, type: 'basic' })).toBe(true);
    expect(isStorable({ ok: true, status: 206, type: 'basic' })).toBe(false);
    expect(isStorable({ ok: false, status: 404, type: 'basic' })).toBe(false);
    expect(isStorable({ ok: false, status: 0, type: 'opaque' })).toBe(false);
    expect(isStorable({ ok: true, status: 200, type: 'cors' })).toBe(false);
  });
});
