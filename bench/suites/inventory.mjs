// Inventory suites of issue 15: placing orders on products whose stock lies in several batches
// (first expiry, first out, inside the order statement) with the stock model's invariants checked
// afterwards (bench/lib/database.mjs checkBatches), and the admin's low-stock and near-expiry
// lists on the 100,000-product catalogue.
import { get, jsonBody, percentile, timedRounds } from '../lib/load.mjs';

/**
 * Row c2 of the last table before stock lived in batches (docs/performance.md, full bench of
 * 2026-11-24): the figure the issue compares place-order throughput with.
 */
export const ORDERS_BEFORE_BATCHES = { ordersPerSecond: 244, p99: 142.9, date: '2026-11-24' };
/** Row d5 of the same table: place order on PGlite. */
export const PGLITE_ORDERS_BEFORE_BATCHES = { ordersPerSecond: 185, p99: 113.3 };

/**
 * The lists as the admin pages ask for them (25 rows a page): every sort, both directions, the
 * first page and a deep one, and the near-expiry list with a narrower window.
 */
export const INVENTORY_LIST_PATHS = {
  lowStock: [
    '/api/inventory/low-stock?page=1&pageSize=25',
    '/api/inventory/low-stock?page=1&pageSize=25&sort=name&direction=asc',
    '/api/inventory/low-stock?page=1&pageSize=25&sort=shortfall&direction=desc',
    '/api/inventory/low-stock?page=1&pageSize=25&sort=quantity&direction=desc',
    '/api/inventory/low-stock?page=150&pageSize=25&sort=name&direction=asc',
    '/api/inventory/low-stock?page=300&pageSize=25',
  ],
  nearExpiry: [
    '/api/inventory/near-expiry?page=1&pageSize=25',
    '/api/inventory/near-expiry?page=1&pageSize=25&sort=name&direction=asc',
    '/api/inventory/near-expiry?page=1&pageSize=25&sort=units&direction=desc',
    '/api/inventory/near-expiry?page=1&pageSize=25&sort=expiryDate&direction=desc',
    '/api/inventory/near-expiry?page=400&pageSize=25&sort=name&direction=asc',
    '/api/inventory/near-expiry?page=700&pageSize=25',
    '/api/inventory/near-expiry?page=1&pageSize=25&days=30',
  ],
};

/**
 * Latency of each path as an admin, one request at a time (gzip, as a browser asks): two warm-up
 * requests per path (not counted; they also read the list's size), then `rounds` rounds over all
 * the paths. Returns the percentiles over every sample, and the p95 and size of each path.
 */
export async function listLatencies(base, token, paths, { rounds = 30 } = {}) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const perPath = new Map(paths.map((p) => [p, { rows: 0, items: 0 }]));
  for (const urlPath of paths) {
    for (let i = 0; i < 2; i++) {
      const response = await get(`${base}${urlPath}`, headers);
      if (response.status !== 200)
        throw new Error(`GET ${urlPath} answered ${response.status}: ${response.body}`);
      const body = jsonBody(response);
      const entry = perPath.get(urlPath);
      entry.rows = body.pagination.rowCount;
      entry.items = body.items.length;
    }
  }
  const { samples, all } = await timedRounds(base, headers, paths, rounds);
  const each = [...perPath].map(([urlPath, entry]) => ({
    path: urlPath,
    rows: entry.rows,
    items: entry.items,
    p50: percentile(samples.get(urlPath), 50),
    p95: percentile(samples.get(urlPath), 95),
  }));
  const slowest = each.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  return {
    count: all.length,
    rows: each[0]?.rows ?? 0,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    max: Math.max(...all),
    each,
    slowest,
  };
}

/** 'sort=name&direction=asc, page 150' for a path of INVENTORY_LIST_PATHS. */
export function describeListPath(urlPath) {
  const query = new URL(urlPath, 'http://x').searchParams;
  const parts = [`${query.get('sort') ?? 'default sort'} ${query.get('direction') ?? ''}`.trim()];
  if (query.get('days')) parts.push(`${query.get('days')} days`);
  parts.push(`page ${query.get('page')}`);
  return parts.join(', ');
}

/** The invariant counts of checkBatches that must all be zero. */
export const BATCH_INVARIANTS = [
  'negativeBatches',
  'ledgerMismatch',
  'allocationMismatch',
  'lineMismatch',
  'quantityMismatch',
  'unsellableTaken',
  'fefoViolations',
];

export function batchesClean(check) {
  return BATCH_INVARIANTS.every((name) => check[name] === 0);
}

export function batchCheckText(check) {
  return BATCH_INVARIANTS.map((name) => `${name} ${check[name]}`).join(', ');
}
