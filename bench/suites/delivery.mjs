// Issue 29 row d1: GET /api/delivery/estimate under load on PostgreSQL — the promise the product
// page and the cart ask for on every view with a pincode. The demo pharmacy's delivery areas and
// holidays are put in first (apps/server/src/db/seed/demo-delivery.ts), so pincodes fall in city
// ranges, exceptions, areas without COD, areas not served and the rest-of-India default.
import { seedDemoDelivery } from '../../apps/server/src/db/seed/demo-delivery.ts';
import { percentile } from '../lib/load.mjs';

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
 * `concurrency` clients each asking for estimates one after another for `seconds` (after a
 * warm-up), every answer checked (200 and the pincode echoed); latencies of all of them.
 */
export async function estimateUnderLoad(
  base,
  { concurrency = 16, seconds = 5, warmup = 200 } = {},
) {
  const url = (i) =>
    `${base}/api/delivery/estimate?pincode=${ESTIMATE_PINCODES[i % ESTIMATE_PINCODES.length]}`;
  for (let i = 0; i < warmup; i++) {
    const response = await fetch(url(i));
    if (!response.ok) throw new Error(`estimate answered ${response.status}`);
    await response.arrayBuffer();
  }
  const latencies = [];
  let failed = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const i = next++;
      const t0 = performance.now();
      const response = await fetch(url(i));
      const body = await response.json();
      const elapsed = performance.now() - t0;
      if (
        response.status !== 200 ||
        body.pincode !== ESTIMATE_PINCODES[i % ESTIMATE_PINCODES.length]
      )
        failed += 1;
      else latencies.push(elapsed);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  return {
    requests: latencies.length,
    failed,
    rps: latencies.length / ((performance.now() - started) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
