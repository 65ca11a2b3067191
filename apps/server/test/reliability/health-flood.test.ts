import { appendFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '@pharmacy/shared';
import { products, stockBatches, stockMovements } from '../../src/db/schema/index';
import { createBasics } from '../catalog-factories';
import { buildTestApp, testDriver, type TestApp } from '../helpers';
import { assertStockInvariants, describeStockFigures } from '../support/stock-invariants';

/**
 * Issue 7 · abuse limits under load (OWASP API4): a flood of expensive catalogue listings —
 * typo-tolerant search with a sort, a different term each time so no cache helps — must not
 * starve `/api/health` (p99 under 50 ms during the flood), and the server's memory stays bounded.
 *
 * The server listens on a real port. The flood and the health probe run in worker threads with
 * their own event loops, so the time spent making requests and reading answers is not charged to
 * the server; the probe asks one request at a time on its own connection, every 20 ms.
 */

const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 8);
const FLOOD_CLIENTS = Number(process.env.FLOOD_CLIENTS ?? 32);
const PRODUCTS = Number(process.env.FLOOD_PRODUCTS ?? 5_000);
const HEALTH_P99_MS = 50;
/**
 * The 50 ms target is asserted when FLOOD_STRICT=1 (the stress run sets it on PostgreSQL). In
 * `npm test` the figures are printed and only starvation fails: on a 2-core machine shared with
 * other work, p99 follows the machine's load more than the server's design.
 */
const STRICT = process.env.FLOOD_STRICT === '1';
/** A health check slower than this is starved: orchestrators give up on it. */
const HEALTH_STARVED_MS = 10_000;
/** Growth of the resident set allowed during the flood. */
const RSS_GROWTH_LIMIT_MB = 256;

const WORDS = [
  'paracetamol',
  'ibuprofen',
  'cetirizine',
  'amoxicillin',
  'azithromycin',
  'metformin',
  'atorvastatin',
  'omeprazole',
  'pantoprazole',
  'losartan',
  'amlodipine',
  'montelukast',
  'levocetirizine',
  'diclofenac',
  'ranitidine',
  'vitamin',
  'calcium',
  'zinc',
  'syrup',
  'tablet',
  'capsule',
  'drops',
  'cream',
  'gel',
];

/** The flood, as code for a worker thread: keep-alive clients asking for listings until told. */
const FLOOD_WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, clients, seconds, words } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const sorts = ['orderBy=offerPrice&orderType=desc', 'orderBy=createdAt&orderType=asc', 'orderBy=relevance'];
const statuses = {};
const durations = [];
let requests = 0;
const until = Date.now() + seconds * 1000;
function term(i) {
  // A word, sometimes misspelt (the typo-tolerant path), plus a number so no two are alike.
  const word = words[i % words.length];
  const cut = i % 3 === 0 ? word.slice(0, -1) + 'x' : word;
  return encodeURIComponent(cut + ' ' + (i % 97));
}
function get(path) {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
  });
}
async function client(n) {
  let i = n;
  while (Date.now() < until) {
    i += clients;
    const path = '/api/product/all?limit=100&search=' + term(i) + '&' + sorts[i % sorts.length];
    const started = performance.now();
    const status = await get(path);
    durations.push({ ms: performance.now() - started, path });
    statuses[status] = (statuses[status] || 0) + 1;
    requests += 1;
  }
}
Promise.all(Array.from({ length: clients }, (_, n) => client(n))).then(() => {
  agent.destroy();
  durations.sort((a, b) => a.ms - b.ms);
  parentPort.postMessage({ requests, statuses, slowest: durations.slice(-5).map((d) => Math.round(d.ms) + ' ' + d.path), p50: durations[Math.floor(durations.length / 2)]?.ms });
});
`;

/** Appends the figures for the stress runner's summary (STRESS_REPORT_DIR). */
function report(file: string, figures: object): void {
  const dir = process.env.STRESS_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, file), `${JSON.stringify(figures)}\n`);
}

/**
 * The health probe, in a thread of its own like a load balancer outside the server: one request
 * at a time on one keep-alive connection, every 20 ms, from 0.5 s after the flood starts (at full
 * speed) until it ends. Its own waiting is not charged to the server.
 */
const PROBE_WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function health() {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get({ host: '127.0.0.1', port: workerData.port, path: '/api/health', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode }));
    });
    req.on('error', () => resolve({ ms: performance.now() - started, status: 0 }));
  });
}
(async () => {
  for (let i = 0; i < 5; i++) await health();
  parentPort.postMessage({ ready: true });
  const { seconds } = await new Promise((resolve) => parentPort.once('message', resolve));
  const until = Date.now() + seconds * 1000;
  await sleep(500);
  const samples = [];
  const statuses = [];
  while (Date.now() < until) {
    const { ms, status } = await health();
    if (Date.now() >= until) break;
    samples.push(ms);
    statuses.push(status);
    await sleep(20);
  }
  agent.destroy();
  parentPort.postMessage({ samples, statuses });
})();
`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

describe(`health during a listing flood (${testDriver})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ catalogCacheSeconds: 0, listingCacheSeconds: 0 });
    const basics = await createBasics(t.database.db);
    for (let start = 0; start < PRODUCTS; start += 500) {
      const rows = Array.from({ length: Math.min(500, PRODUCTS - start) }, (_, k) => {
        const n = start + k;
        return {
          name: `${WORDS[n % WORDS.length]} ${WORDS[(n * 7) % WORDS.length]} ${n % 1000} mg`,
          offerPriceMinor: 1000 + ((n * 37) % 90_000),
          maximumRetailPriceMinor: 100_000,
          quantity: 50,
          prescription: n % 5 === 0,
          isActive: true,
          ...basics,
        };
      });
      const inserted = await t.database.db
        .insert(products)
        .values(rows)
        .returning({ id: products.id, quantity: products.quantity });
      // Their stock, as the shop keeps it (issue 15): one batch each, received with a ledger row.
      const batches = await t.database.db
        .insert(stockBatches)
        .values(
          inserted.map((p) => ({
            productId: p.id,
            batchNumber: `FLOOD-${p.id}`,
            expiryDate: addDays(utcDay(), 365),
            onHand: p.quantity,
            receivedUnits: p.quantity,
          })),
        )
        .returning({
          id: stockBatches.id,
          productId: stockBatches.productId,
          units: stockBatches.onHand,
        });
      await t.database.db.insert(stockMovements).values(
        batches.map((b) => ({
          productId: b.productId,
          batchId: b.id,
          kind: 'receipt',
          units: b.units,
        })),
      );
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => t.close());

  it(`answers /api/health with p99 under ${HEALTH_P99_MS} ms while ${FLOOD_CLIENTS} clients flood the listing`, async () => {
    const probe = new Worker(PROBE_WORKER, { eval: true, workerData: { port } });
    const probeResult = new Promise<{ samples: number[]; statuses: number[] }>(
      (resolve, reject) => {
        probe.on('message', (message: { samples?: number[]; statuses?: number[] }) => {
          if (message.samples && message.statuses)
            resolve({ samples: message.samples, statuses: message.statuses });
        });
        probe.once('error', reject);
      },
    );
    // The probe has warmed its connection and the route.
    await new Promise((resolve) => probe.once('message', resolve));

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const rss: number[] = [process.memoryUsage().rss];
    const rssTimer = setInterval(() => rss.push(process.memoryUsage().rss), 250);
    const worker = new Worker(FLOOD_WORKER, {
      eval: true,
      workerData: { port, clients: FLOOD_CLIENTS, seconds: FLOOD_SECONDS, words: WORDS },
    });
    const flood = new Promise<{
      requests: number;
      statuses: Record<string, number>;
      slowest: string[];
      p50: number;
    }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    probe.postMessage({ seconds: FLOOD_SECONDS });
    const result = await flood;
    const { samples, statuses: healthStatuses } = await probeResult;
    clearInterval(rssTimer);
    loop.disable();
    await worker.terminate();
    await probe.terminate();

    const sorted = [...samples].sort((a, b) => a - b);
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const figures = {
      driver: testDriver,
      seconds: FLOOD_SECONDS,
      clients: FLOOD_CLIENTS,
      products: PRODUCTS,
      listings: result.requests,
      listingsPerSecond: Math.round(result.requests / FLOOD_SECONDS),
      listingStatuses: result.statuses,
      healthSamples: samples.length,
      healthP50Ms: Number(percentile(sorted, 50).toFixed(1)),
      healthP99Ms: Number(percentile(sorted, 99).toFixed(1)),
      healthMaxMs: Number((sorted.at(-1) ?? Number.NaN).toFixed(1)),
      listingP50Ms: Math.round(result.p50),
      eventLoopDelayMaxMs: Math.round(loop.max / 1e6),
      loadAverage1m: Number((loadavg()[0] ?? 0).toFixed(1)),
      rssStartMb: mb(rss[0] as number),
      rssPeakMb: mb(Math.max(...rss)),
      rssEndMb: mb(rss.at(-1) as number),
    };
    console.warn(`health flood: ${JSON.stringify(figures)}`);
    console.warn(
      `slowest listings (ms, with ${FLOOD_CLIENTS} in flight): ${result.slowest.join(' | ')}; p50 ${Math.round(result.p50)}`,
    );
    report('flood.jsonl', figures);

    // Every listing is answered: 200, or 503 when more than the gate's queue are waiting.
    expect((result.statuses['200'] ?? 0) + (result.statuses['503'] ?? 0)).toBe(result.requests);
    expect(healthStatuses.every((s) => s === 200)).toBe(true);
    expect(samples.length).toBeGreaterThan(0);
    expect(figures.healthMaxMs).toBeLessThan(HEALTH_STARVED_MS);
    if (STRICT) expect(figures.healthP99Ms).toBeLessThan(HEALTH_P99_MS);
    // Bounded: in-flight work is capped by the gate (and its queue), so memory grows by a fixed
    // amount whatever the flood's length, not without end.
    expect(figures.rssPeakMb - figures.rssStartMb).toBeLessThan(RSS_GROWTH_LIMIT_MB);
    // The flood only reads: the stock it listed is still whole (support/stock-invariants.ts).
    const stock = await assertStockInvariants(t.database.db, {
      minShelfLifeDays: t.config.minShelfLifeDays,
    });
    expect(stock.products).toBe(PRODUCTS);
    console.warn(`health flood: stock invariants hold: ${describeStockFigures(stock)}`);
  }, 180_000);
});
