// Issue 30 point 6: the server-rendered storefront. The medicine page to measure (the demo
// pharmacist's reviewed information published on the bench catalogue, whose salts include the
// demo ones), and the rendered product page's throughput beside the JSON API's answer for the
// same product: same connections, same duration, one after the other in alternating rounds.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { seedDemoMedicineInformation } from '../../apps/server/src/db/seed/demo-medicine-information.ts';
import { get, median, percentile } from '../lib/load.mjs';
import { rawThroughput } from '../lib/raw-load.mjs';
import { LISTING_SECONDS } from './api.mjs';
import { WARMUP_SECONDS, withCpu } from './scale-out.mjs';

/** What a browser sends for a page and for the API: both take brotli. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
export const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': ACCEPT_ENCODING,
};
export const JSON_HEADERS = { accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING };
/** Alternating rounds (page, API, page, API, …); the medians are reported. */
export const PAGE_ROUNDS = 3;
export const PAGE_CONNECTIONS = 16;

/** The JSON of an answer to get(), decompressed as its Content-Encoding says (br or gzip). */
function jsonOf(response) {
  const encoding = response.headers['content-encoding'];
  const raw =
    encoding === 'br'
      ? brotliDecompressSync(response.body)
      : encoding === 'gzip'
        ? gunzipSync(response.body)
        : response.body;
  return JSON.parse(raw.toString('utf8'));
}

/**
 * The demo catalogue's medicine information, published as the demo pharmacist's sample review
 * (as `npm run seed` does): the bench catalogue has every demo salt among its own.
 */
export async function publishMedicineInformation(handle) {
  return seedDemoMedicineInformation(handle.db, { now: new Date() });
}

/**
 * The medicine page to measure, found as a crawler would, through GET /api/medicines: of the
 * salts with reviewed information, the one with the most active products (the longest page).
 * Undefined when the shop has no such route or no reviewed salt. `product` is the cheapest
 * product of that salt (the product page that links to it).
 */
export async function pickMedicinePage(base) {
  const list = await get(`${base}/api/medicines?reviewed=true&pageSize=500`, JSON_HEADERS);
  if (list.status === 404) return { missing: 'GET /api/medicines answers 404' };
  if (list.status !== 200) throw new Error(`GET /api/medicines answered ${list.status}`);
  const reviewed = jsonOf(list).medicines.filter((m) => m.reviewed);
  if (reviewed.length === 0) return { missing: 'no salt with reviewed information' };
  let best;
  for (const medicine of reviewed) {
    const answer = await get(`${base}/api/medicines/${medicine.slug}`, JSON_HEADERS);
    if (answer.status !== 200) continue;
    const page = jsonOf(answer);
    if (!best || page.productCount > best.productCount)
      best = {
        slug: medicine.slug,
        name: medicine.name,
        productCount: page.productCount,
        product: page.products[0]?.id,
      };
  }
  const page = best && (await get(`${base}/medicine/${best.slug}`, PAGE_HEADERS));
  if (!page || page.status !== 200)
    return { missing: `GET /medicine/{slug} answered ${page?.status ?? 'nothing'}` };
  return { ...best, reviewedSalts: reviewed.length };
}

/**
 * autocannon on `paths` (cycled; `[<id>]` in a path becomes a fresh uuid per request with
 * `idReplacement`), with every answer's latency kept so that p95 is exact (autocannon's own
 * summary has p90 and p97.5 only). Counts 2xx as done; anything else is an error.
 */
export async function timedThroughput(base, paths, options = {}) {
  const {
    seconds = LISTING_SECONDS,
    connections = PAGE_CONNECTIONS,
    headers,
    idReplacement = false,
  } = options;
  if (new URL(base).hostname !== '127.0.0.1')
    throw new Error(`load is generated against 127.0.0.1 only: ${base}`);
  const latencies = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    maxOverallRequests: 500_000,
    timeout: 10,
    headers,
    idReplacement,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  return {
    rps: result['2xx'] / (result.duration || seconds),
    requests: result['2xx'],
    errors: result.errors + result.timeouts + result.non2xx,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total),
  };
}

/** rawThroughput (bench/lib/raw-load.mjs: bodies counted, not decoded) in the same shape. */
const rawTimed = (base, paths, options) =>
  rawThroughput(base, paths, {
    seconds: options.seconds ?? LISTING_SECONDS,
    connections: options.connections ?? PAGE_CONNECTIONS,
    headers: options.headers,
  });

/** Status, headers and size of one answer, checked before any load. */
async function checkedAnswer(base, urlPath, headers, type) {
  const answer = await get(`${base}${urlPath.replace('[<id>]', 'check')}`, headers);
  const contentType = String(answer.headers['content-type'] ?? '');
  if (answer.status !== 200 || !contentType.startsWith(type))
    throw new Error(`GET ${urlPath} answered ${answer.status} ${contentType}`);
  return {
    bytes: answer.body.length,
    encoding: answer.headers['content-encoding'] ?? 'identity',
    cacheControl: answer.headers['cache-control'],
  };
}

/**
 * The rendered page `/product/{id}` against `GET /api/product/{id}` on `shop`: each checked once,
 * both warmed up, then PAGE_ROUNDS alternating rounds of LISTING_SECONDS each at
 * PAGE_CONNECTIONS connections. `pageQuery` is appended to the page's path (e.g. a fresh query
 * string per request, so the micro-cache never answers the page itself). The medians of the
 * rounds' req/s and latency percentiles, and the CPU breakdown of each page round (server, load
 * generator, PostgreSQL when `databaseName`).
 */
export async function pageVersusJson(
  shop,
  productId,
  { pageQuery = '', raw = false, databaseName } = {},
) {
  const measure = raw ? rawTimed : timedThroughput;
  const pagePath = `/product/${productId}${pageQuery}`;
  const jsonPath = `/api/product/${productId}`;
  const idReplacement = pageQuery.includes('[<id>]');
  const page = await checkedAnswer(shop.base, pagePath, PAGE_HEADERS, 'text/html');
  const json = await checkedAnswer(shop.base, jsonPath, JSON_HEADERS, 'application/json');
  const pageRun = (seconds) =>
    measure(shop.base, [pagePath], { seconds, headers: PAGE_HEADERS, idReplacement });
  const jsonRun = (seconds) => measure(shop.base, [jsonPath], { seconds, headers: JSON_HEADERS });
  await pageRun(WARMUP_SECONDS);
  await jsonRun(WARMUP_SECONDS);
  const pages = [];
  const jsons = [];
  for (let round = 0; round < PAGE_ROUNDS; round++) {
    pages.push(await withCpu({ pids: [shop.pid], databaseName }, () => pageRun(LISTING_SECONDS)));
    jsons.push(await jsonRun(LISTING_SECONDS));
  }
  const pageRps = median(pages.map((r) => r.rps));
  const jsonRps = median(jsons.map((r) => r.rps));
  return {
    page: {
      ...page,
      rps: pageRps,
      p50: median(pages.map((r) => r.p50)),
      p95: median(pages.map((r) => r.p95)),
      p99: median(pages.map((r) => r.p99)),
      errors: pages.reduce((sum, r) => sum + r.errors, 0),
      rounds: pages.map((r) => r.rps),
    },
    json: {
      ...json,
      rps: jsonRps,
      p95: median(jsons.map((r) => r.p95)),
      errors: jsons.reduce((sum, r) => sum + r.errors, 0),
      rounds: jsons.map((r) => r.rps),
    },
    ratio: pageRps / jsonRps,
    cpu: pages.map((r) => r.cpu),
  };
}
