// API suites: listing against a bare node:http baseline, deep pages, search as you type against a
// naive ILIKE endpoint, product pages, and checkout under 16 concurrent shoppers.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startChild, waitForOk } from '../lib/process.mjs';
import { get, median, percentile, sequentialLatencies, throughput } from '../lib/load.mjs';

export const LISTING_SECONDS = 5;

export function listingPaths(divisionId) {
  return {
    page1: '/api/product/all?page=1&limit=25',
    filtered: `/api/product/all?page=1&limit=25&divisionId=${divisionId}&orderBy=offerPrice&orderType=asc`,
    deep: '/api/product/all?page=2000&limit=25',
  };
}

/** Headers node:http sets itself; everything else is replayed as the shop sent it. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Records the shop's answers to `paths` (gzip, anonymous) and serves them from a bare node:http
 * server: the baseline for requests per second.
 */
export async function startBareBaseline(shop, paths) {
  const recorded = {};
  for (const urlPath of paths) {
    const response = await get(`${shop.base}${urlPath}`, { 'accept-encoding': 'gzip' });
    const headers = Object.fromEntries(
      Object.entries(response.headers).filter(([name]) => !TRANSPORT_HEADERS.has(name)),
    );
    recorded[urlPath] = {
      status: response.status,
      headers,
      body: response.body.toString('base64'),
    };
  }
  const file = path.join(tmpdir(), `bench-bare-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(recorded));
  const port = await freePort();
  const child = startChild('bare node:http baseline', [
    'bench/bare-server.mjs',
    file,
    String(port),
  ]);
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}${paths[0]}`, { child, timeoutMs: 10_000 });
  rmSync(file, { force: true });
  const sizes = Object.fromEntries(
    Object.entries(recorded).map(([p, r]) => [p, Buffer.from(r.body, 'base64').length]),
  );
  return { ...child, base, sizes, encoding: recorded[paths[0]].headers['content-encoding'] };
}

/** Requests per second of the shop and of the bare server for one path. */
export async function listingVersusBare(shop, bare, urlPath) {
  const own = await throughput(shop.base, [urlPath], { seconds: LISTING_SECONDS });
  const baseline = await throughput(bare.base, [urlPath], { seconds: LISTING_SECONDS });
  return { own, baseline, ratio: own.rps / baseline.rps };
}

/** Page 1 and page 2,000 latency, one request at a time, alternating (after one warm-up each). */
export async function deepPageLatency(shop, paths) {
  const page1 = [];
  const deep = [];
  await get(`${shop.base}${paths.page1}`);
  await get(`${shop.base}${paths.deep}`);
  for (let i = 0; i < 150; i++) {
    page1.push(...(await sequentialLatencies([`${shop.base}${paths.page1}`], { count: 1 })));
    deep.push(...(await sequentialLatencies([`${shop.base}${paths.deep}`], { count: 1 })));
  }
  return { page1: median(page1), deep: median(deep), ratio: median(deep) / median(page1) };
}

/** The header search's request (8 suggestions, relevance) for each term, one at a time. */
export async function searchLatencies(base, terms, pathOf) {
  const urls = terms.map(({ term }) => `${base}${pathOf(encodeURIComponent(term))}`);
  const latencies = await sequentialLatencies(urls, { count: urls.length, maxMs: 180_000 });
  return {
    count: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    mean: latencies.reduce((a, b) => a + b, 0) / latencies.length,
  };
}

export const shopSearchPath = (term) => `/api/product/all?page=1&limit=8&search=${term}`;
export const naiveSearchPath = (term) => `/search?limit=8&search=${term}`;

export async function startNaiveSearch(databaseUrl) {
  const port = await freePort();
  const child = startChild('naive ILIKE search', [
    'bench/naive-search-server.mjs',
    databaseUrl,
    String(port),
  ]);
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/search?search=a`, { child, timeoutMs: 10_000 });
  return { ...child, base };
}

/** Product pages: a rotating set of ids. */
export async function productDetailThroughput(shop, ids) {
  return throughput(
    shop.base,
    ids.map((id) => `/api/product/${id}`),
    { seconds: LISTING_SECONDS },
  );
}

/**
 * Checkout: `concurrency` shoppers place orders as fast as they can, each order a different
 * account with a filled cart, until every account has ordered or `maxMs` passes. The orders of
 * `warmupTokens` go first, at the same concurrency, and are not counted: a new server process
 * compiles its hot paths and loads the mailer with its first orders, which is start-up, not
 * checkout (their p99 is returned as `coldP99`).
 */
export async function checkout(
  shop,
  tokens,
  { concurrency = 16, maxMs = 60_000, warmupTokens = [] } = {},
) {
  const warmup = warmupTokens.length
    ? await placeOrders(shop, warmupTokens, { concurrency, maxMs, keyPrefix: 'bench-warmup' })
    : undefined;
  const measured = await placeOrders(shop, tokens, {
    concurrency,
    maxMs,
    keyPrefix: 'bench-order',
  });
  // Every warm-up cart can be served (no hot product), so anything but 201 there is a failure.
  const warmupFailed = warmup ? warmupTokens.length - warmup.placed : 0;
  return { ...measured, warmupOrders: warmupTokens.length, warmupFailed, coldP99: warmup?.p99 };
}

async function placeOrders(shop, tokens, { concurrency, maxMs, keyPrefix }) {
  const latencies = [];
  const outcomes = { placed: 0, outOfStock: 0, other: 0 };
  let nextIndex = 0;
  const started = performance.now();
  const shopper = async (worker) => {
    while (nextIndex < tokens.length && performance.now() - started < maxMs) {
      const index = nextIndex++;
      const t0 = performance.now();
      const response = await fetch(`${shop.base}/api/order`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${tokens[index]}`,
          'idempotency-key': `${keyPrefix}-${worker}-${index}`,
        },
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (response.status === 201) outcomes.placed += 1;
      else if (response.status === 409) outcomes.outOfStock += 1;
      else outcomes.other += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, worker) => shopper(worker)));
  const seconds = (performance.now() - started) / 1000;
  return {
    ...outcomes,
    ordersPerSecond: outcomes.placed / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
