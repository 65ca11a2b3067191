// Issue 18 rows l1–l4: the operations dashboard's API and the admin order list's filters, on the
// 100,000-product catalogue with 100,000 orders (bench/lib/orders-seed.mjs), one request at a
// time as an admin, as the dashboard page asks for them.
import { gunzipSync } from 'node:zlib';
import { get, percentile } from '../lib/load.mjs';

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

function bodyOf(response) {
  const raw =
    response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body;
  return JSON.parse(raw.toString('utf8'));
}

/**
 * Latency of each path as an admin, one request at a time (gzip, as a browser asks): three
 * warm-up requests per path (not counted), then `rounds` rounds over all the paths. Returns the
 * percentiles over every sample, the slowest path, and the first answer of each path.
 */
export async function adminLatencies(base, token, paths, { rounds = 60 } = {}) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const perPath = new Map(paths.map((p) => [p, { samples: [], body: undefined }]));
  for (const urlPath of paths) {
    for (let i = 0; i < 3; i++) {
      const response = await get(`${base}${urlPath}`, headers);
      if (response.status !== 200)
        throw new Error(`GET ${urlPath} answered ${response.status}: ${response.body}`);
      perPath.get(urlPath).body = bodyOf(response);
    }
  }
  const all = [];
  for (let round = 0; round < rounds; round++) {
    for (const urlPath of paths) {
      const t0 = performance.now();
      const response = await get(`${base}${urlPath}`, headers);
      const elapsed = performance.now() - t0;
      if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}`);
      perPath.get(urlPath).samples.push(elapsed);
      all.push(elapsed);
    }
  }
  const each = [...perPath].map(([urlPath, entry]) => ({
    path: urlPath,
    body: entry.body,
    p50: percentile(entry.samples, 50),
    p95: percentile(entry.samples, 95),
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
