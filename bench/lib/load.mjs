// Load generation, only ever against 127.0.0.1, and always bounded: autocannon runs for a fixed
// number of seconds with a request cap; latency samplers send a fixed number of requests with a
// time cap.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** GET over a kept-alive connection; resolves with the status once the body is read. */
export function get(url, headers = {}) {
  assertLocal(url);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers, timeout: 10_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`${url} timed out`)));
    request.on('error', reject);
  });
}

/** Percentile (nearest rank) of an array of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function median(values) {
  return percentile(values, 50);
}

function assertLocal(url) {
  const { hostname } = new URL(url);
  if (hostname !== '127.0.0.1') throw new Error(`load is generated against 127.0.0.1 only: ${url}`);
}

/**
 * Throughput of `paths` (cycled) on `base`: autocannon for `seconds` with `connections`, capped
 * at `maxRequests`. Counts only 2xx/304 answers as done; anything else is reported.
 */
export async function throughput(base, paths, options = {}) {
  assertLocal(base);
  const {
    seconds = 5,
    connections = 16,
    maxRequests = 500_000,
    headers = { 'accept-encoding': 'gzip' },
  } = options;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    amount: undefined,
    maxOverallRequests: maxRequests,
    timeout: 10,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  const ok = result['2xx'] + (result['3xx'] ?? 0);
  return {
    rps: ok / (result.duration || seconds),
    requests: ok,
    errors: result.errors + result.timeouts + result.non2xx - (result['3xx'] ?? 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total),
  };
}

/**
 * Latencies in ms of `count` sequential requests (one at a time, as one person typing), cycling
 * through `urls`, stopping early after `maxMs`. The body is read fully each time.
 */
export async function sequentialLatencies(
  urls,
  { count = urls.length, maxMs = 60_000, headers } = {},
) {
  const latencies = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    if (performance.now() - started > maxMs) break;
    const url = urls[i % urls.length];
    const t0 = performance.now();
    const response = await get(url, headers);
    const elapsed = performance.now() - t0;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    latencies.push(elapsed);
  }
  return latencies;
}

/** The JSON body of a response of get(), gunzipped when the server compressed it. */
export function jsonBody(response) {
  const raw =
    response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body;
  return JSON.parse(raw.toString('utf8'));
}

/**
 * `rounds` rounds of GET over all the paths, one request at a time (after the caller's warm-up):
 * each path's latencies in ms, and every latency in the order taken. Any answer but 200 throws.
 */
export async function timedRounds(base, headers, paths, rounds) {
  const samples = new Map(paths.map((urlPath) => [urlPath, []]));
  const all = [];
  for (let round = 0; round < rounds; round++) {
    for (const urlPath of paths) {
      const t0 = performance.now();
      const response = await get(`${base}${urlPath}`, headers);
      const elapsed = performance.now() - t0;
      if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}`);
      samples.get(urlPath).push(elapsed);
      all.push(elapsed);
    }
  }
  return { samples, all };
}
