// Issue 18 rows l1–l4: the operations dashboard's API and the admin order list's filters, on the
// 100,000-product catalogue with 100,000 orders (bench/lib/orders-seed.mjs), one request at a
// time as an admin, as the dashboard page asks for them.
import { get, jsonBody, percentile, timedRounds } from '../lib/load.mjs';

/** The dashboard as its page loads it (once a minute while open). */
export const DASHBOARD_PATHS = ['/api/dashboard'];

/**
 * The order list as the dashboard's queues link to it and as an admin narrows it: each filter,
 * two together, a date range, and a deep page of a filtered list (20 orders a page, as the web).
 */
export function orderListPaths(today) {
  const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const list = '/api/order/all?pageSize=20';
  return [
    `${list}&page=1&prescriptionPending=true`,
    `${list}&page=1&statusId=10`,
    `${list}&page=1&overdue=true`,
    `${list}&page=1&statusId=6&overdue=true`,
    `${list}&page=1&from=${weekAgo}&to=${today}`,
    `${list}&page=1&statusId=7&from=${weekAgo}&to=${today}`,
    `${list}&page=50&statusId=7`,
  ];
}

/**
 * Latency of each path as an admin, one request at a time (gzip, as a browser asks): three
 * warm-up requests per path (not counted), then `rounds` rounds over all the paths. Returns the
 * percentiles over every sample, the slowest path, and the first answer of each path.
 */
export async function adminLatencies(base, token, paths, { rounds = 60 } = {}) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const bodies = new Map();
  for (const urlPath of paths) {
    for (let i = 0; i < 3; i++) {
      const response = await get(`${base}${urlPath}`, headers);
      if (response.status !== 200)
        throw new Error(`GET ${urlPath} answered ${response.status}: ${response.body}`);
      bodies.set(urlPath, jsonBody(response));
    }
  }
  const { samples, all } = await timedRounds(base, headers, paths, rounds);
  const each = [...samples.keys()].map((urlPath) => ({
    path: urlPath,
    body: bodies.get(urlPath),
    p50: percentile(samples.get(urlPath), 50),
    p95: percentile(samples.get(urlPath), 95),
  }));
  return {
    count: all.length,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    max: Math.max(...all),
    each,
    slowest: each.reduce((a, b) => (b.p95 > a.p95 ? b : a)),
  };
}

/** 'overdue, statusId 6' for a path of orderListPaths. */
export function describeOrderListPath(urlPath) {
  const query = new URL(urlPath, 'http://x').searchParams;
  query.delete('pageSize');
  const page = query.get('page');
  query.delete('page');
  const parts = [...query].map(([key, value]) => (value === 'true' ? key : `${key} ${value}`));
  if (page !== '1') parts.push(`page ${page}`);
  return parts.join(', ');
}
