// Issue 29 row d1: GET /api/delivery/estimate under load on PostgreSQL — the promise the product
// page and the cart ask for on every view with a pincode. The demo pharmacy's delivery areas and
// holidays are put in first (apps/server/src/db/seed/demo-delivery.ts), so pincodes fall in city
// ranges, exceptions, areas without COD, areas not served and the rest-of-India default.
// Every answer of the set is checked before the load; under load only the status is.
import { seedDemoDelivery } from '../../apps/server/src/db/seed/demo-delivery.ts';
import { rawThroughput } from '../lib/raw-load.mjs';

/** Pincodes across the demo areas: same-day Bengaluru, metros, no-COD, not served, the rest. */
export const ESTIMATE_PINCODES = [
  '560001',
  '560034',
  '560100',
  '110001',
  '110045',
  '400001',
  '400070',
  '600020',
  '500032',
  '700019',
  '411001',
  '781005',
  '190001',
  '744101',
  '682555',
  '302001',
  '226001',
  '641001',
  '380015',
  '751001',
];

export async function prepareDelivery(handle) {
  await seedDemoDelivery(handle.db);
}

/**
 * Every pincode's answer checked once (200, the pincode echoed, a date when served), then
 * `concurrency` keep-alive connections asking one estimate after another for `seconds` through
 * the bench's light HTTP client (bench/lib/raw-load.mjs: the load generator's own CPU, which
 * shares the 2 cores, stays small), latencies of every answer.
 */
export async function estimateUnderLoad(base, { concurrency = 16, seconds = 5 } = {}) {
  const paths = ESTIMATE_PINCODES.map((pincode) => `/api/delivery/estimate?pincode=${pincode}`);
  for (const [i, path] of paths.entries()) {
    const response = await fetch(`${base}${path}`);
    const body = await response.json();
    if (response.status !== 200 || body.pincode !== ESTIMATE_PINCODES[i])
      throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body).slice(0, 120)}`);
    if (body.serviceable && !/^\d{4}-\d{2}-\d{2}$/.test(body.deliverBy ?? ''))
      throw new Error(`${path} is served without a date`);
  }
  // Warm-up: the areas' cache, the JIT.
  await rawThroughput(base, paths, { seconds: 1, connections: concurrency, headers: {} });
  const load = await rawThroughput(base, paths, {
    seconds,
    connections: concurrency,
    headers: {},
  });
  return {
    requests: load.requests,
    failed: load.errors,
    rps: load.rps,
    p50: load.p50,
    p95: load.p95,
    p99: load.p99,
  };
}
