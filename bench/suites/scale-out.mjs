// Scale-out (issue 14): product images from an S3 bucket beside the same file served by the app
// from local disk, the app's own redirect answer, and listing throughput with two server
// instances on one PostgreSQL database beside one.
//
// The bucket is s3rver (bench/s3-bucket-server.mjs), a Node test server: its throughput is a floor
// for what a bucket serves, not what S3 or a CDN in front of it give.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { signSessionToken } from '../../apps/server/src/lib/tokens.ts';
import { query } from '../lib/database.mjs';
import { get, throughput } from '../lib/load.mjs';
import {
  BENCH_JWT_SECRET,
  cpuSeconds,
  freePort,
  machineBusySeconds,
  pidsMatching,
  sleep,
  startChild,
} from '../lib/process.mjs';
import { LISTING_SECONDS } from './api.mjs';

export const BUCKET = 'bench';
/** Seconds of load sent before each measured run and not counted (a fresh process warms up). */
export const WARMUP_SECONDS = 2;
/** The variant a product card loads on most screens (lib/image-variants.ts VARIANT_WIDTHS). */
export const IMAGE_WIDTH = 480;
/** s3rver knows this one account (apps/server/test/support/s3.ts). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * s3rver in a process of its own, in a temporary directory, with one bucket; `env` is what a
 * server needs to store its files there (the README's S3_* settings).
 */
export async function startBucket() {
  const directory = mkdtempSync(path.join(tmpdir(), 'bench-s3-'));
  const port = await freePort();
  const child = startChild('s3rver bucket', [
    '--openssl-legacy-provider',
    'bench/s3-bucket-server.mjs',
    directory,
    BUCKET,
    String(port),
  ]);
  const started = performance.now();
  while (!child.output().includes('s3rver ready')) {
    if (performance.now() - started > 20_000) {
      await child.stop();
      rmSync(directory, { recursive: true, force: true });
      throw new Error(`s3rver did not start within 20 s: ${child.output()}`);
    }
    if (await Promise.race([child.exited.then(() => true), sleep(25)])) {
      rmSync(directory, { recursive: true, force: true });
      throw new Error(`s3rver exited before it was ready: ${child.output()}`);
    }
  }
  const origin = `http://127.0.0.1:${port}`;
  return {
    ...child,
    origin,
    env: {
      S3_ENDPOINT: origin,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async stop() {
      await child.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A photo-like 800 × 800 PNG (≈ 1.2 MB): a pack on a textured background with grainy noise, so
 * that its 480 px WebP variant weighs what a product photo's does (≈ 40 kB), not the 3 kB of a
 * flat gradient. Deterministic: every run uploads the same bytes.
 */
export async function productPhoto() {
  const size = 800;
  const grain = 2;
  const raw = Buffer.alloc(size * size * 3);
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const cells = Math.ceil(size / grain);
  const noise = Array.from({ length: cells * cells }, () => (random() - 0.5) * 24);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = x - size / 2;
      const dy = y - size / 2;
      const texture = 20 * Math.sin(x / 7) * Math.sin(y / 11) + 15 * Math.sin((x + y) / 3.1);
      const colour =
        dx * dx + (dy + 60) ** 2 < 100 ** 2
          ? [200, 40, 60]
          : Math.abs(dx) < 200 && Math.abs(dy) < 280
            ? [235, 240, 245 - y / 10]
            : [120 + x / 12 + texture, 160 + y / 20, 190 - texture];
      const n = noise[Math.floor(y / grain) * cells + Math.floor(x / grain)];
      for (let c = 0; c < 3; c++)
        raw[(y * size + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(colour[c] + n)));
    }
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** An admin account made by SQL, and its session token (as prepareCheckout makes shoppers'). */
export async function adminToken(handle) {
  const [user] = await query(
    handle,
    sql`INSERT INTO users (name, email, password_hash, role_id)
        VALUES ('Bench Admin', ${`bench-admin-${Date.now()}@example.com`}, 'not-a-login', 1)
        RETURNING id, token_version AS "tokenVersion"`,
  );
  return signSessionToken(BENCH_JWT_SECRET, {
    userId: Number(user.id),
    roleId: 1,
    tokenVersion: Number(user.tokenVersion),
  });
}

/** A division, manufacturer and salt composition of the seeded catalogue for the product form. */
export async function taxonomyIds(handle) {
  const [row] = await query(
    handle,
    sql`SELECT (SELECT min(id) FROM divisions) AS division,
               (SELECT min(id) FROM manufacturers) AS manufacturer,
               (SELECT min(id) FROM salt_compositions) AS salt`,
  );
  return {
    divisionId: Number(row.division),
    manufacturerId: Number(row.manufacturer),
    saltCompositionId: Number(row.salt),
  };
}

/**
 * Creates a product with `photo` as its image through POST /api/product as the admin does, and
 * answers the URL path of its IMAGE_WIDTH WebP variant and that variant's size.
 */
export async function uploadProductImage(shop, token, ids, photo, name) {
  const form = new FormData();
  for (const [field, value] of Object.entries({
    name,
    maximumRetailPrice: '155.50',
    offerPrice: '140',
    divisionId: String(ids.divisionId),
    manufacturerId: String(ids.manufacturerId),
    saltCompositionId: String(ids.saltCompositionId),
    quantity: '30',
    // The opening stock arrives as a first batch (issue 15): its number and a year of shelf life.
    batchNumber: 'BENCH-OPEN-1',
    expiryDate: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
    prescription: 'false',
  }))
    form.append(field, value);
  form.append('image', new Blob([photo], { type: 'image/png' }), 'bench-photo.png');
  const created = await fetch(`${shop.base}/api/product`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  const body = await created.json();
  if (created.status !== 201)
    throw new Error(`POST /api/product answered ${created.status}: ${JSON.stringify(body)}`);
  const product = await (await fetch(`${shop.base}/api/product/${body.id}`)).json();
  const variant = product.images?.[0]?.variants?.find((v) => v.width === IMAGE_WIDTH);
  if (!variant)
    throw new Error(
      `product ${body.id} has no ${IMAGE_WIDTH} px variant: ${JSON.stringify(product.images)}`,
    );
  return { productId: body.id, original: product.images[0].url, url: variant.url };
}

/**
 * Adds `count` one-byte files named as uploads are (lib/storage/types.ts newFileName; an original
 * and its variants) to `folder`: what a folder of product images holds in a real catalogue.
 */
export function addFiles(folder, count) {
  const stamp = Date.now().toString(36);
  for (let i = 0; i < count; i += 4) {
    const name = `${stamp}-${randomBytes(12).toString('hex')}`;
    for (const suffix of ['.png', '-240w.webp', '-480w.webp', '-960w.webp'].slice(0, count - i))
      writeFileSync(path.join(folder, `${name}${suffix}`), 'x');
  }
}

/** Status and the headers a cache and a browser care about, of one GET (body read). */
export async function answerOf(url) {
  const response = await get(url);
  return {
    status: response.status,
    cacheControl: response.headers['cache-control'] ?? '',
    contentType: response.headers['content-type'] ?? '',
    location: response.headers.location,
    bytes: response.body.length,
    body: response.body,
  };
}

/**
 * Runs `fn` and adds `cpu` to its result: where the machine's CPU went meanwhile, in cores (CPU
 * seconds per second of wall time): each of `pids` (the servers under test), this process (the
 * load generator), the backends of the PostgreSQL database `databaseName`, and the rest (the
 * kernel's share not charged to a process, and any other work on the machine).
 */
export async function withCpu({ pids = [], databaseName } = {}, fn) {
  const backendsBefore = new Map(
    (databaseName ? pidsMatching(databaseName) : []).map((pid) => [pid, cpuSeconds(pid)]),
  );
  const serversBefore = pids.map(cpuSeconds);
  const selfBefore = process.cpuUsage();
  const machineBefore = machineBusySeconds();
  const started = performance.now();
  const result = await fn();
  const wall = (performance.now() - started) / 1000;
  const machine = (machineBusySeconds() - machineBefore) / wall;
  const self = process.cpuUsage(selfBefore);
  const loadGenerator = (self.user + self.system) / 1e6 / wall;
  const servers = pids.map((pid, i) => (cpuSeconds(pid) - serversBefore[i]) / wall);
  // A backend opened during the run started from (nearly) nothing.
  let postgres = 0;
  for (const pid of databaseName ? pidsMatching(databaseName) : [])
    postgres += cpuSeconds(pid) - (backendsBefore.get(pid) ?? 0);
  postgres /= wall;
  const accounted = servers.reduce((a, b) => a + b, 0) + loadGenerator + postgres;
  return {
    ...result,
    cpu: { machine, servers, loadGenerator, postgres, rest: Math.max(0, machine - accounted) },
  };
}

/** The mean of several withCpu() breakdowns (rounds of the same measurement). */
export function meanCpu(breakdowns) {
  const list = breakdowns.filter(Boolean);
  if (list.length === 0) return undefined;
  const mean = (pick) => list.reduce((sum, cpu) => sum + pick(cpu), 0) / list.length;
  return {
    machine: mean((cpu) => cpu.machine),
    servers: list[0].servers.map((_, i) => mean((cpu) => cpu.servers[i])),
    loadGenerator: mean((cpu) => cpu.loadGenerator),
    postgres: mean((cpu) => cpu.postgres),
    rest: mean((cpu) => cpu.rest),
  };
}

/** A CPU breakdown from withCpu() in words: '… 0.93 + 0.91, load generator 0.61, …'. */
export function cpuText(cpu, serverLabel) {
  if (!cpu) return 'not measured';
  const f = (value) => value.toFixed(2);
  return [
    `${serverLabel} ${cpu.servers.map(f).join(' + ')}`,
    `load generator ${f(cpu.loadGenerator)}`,
    ...(cpu.postgres > 0 ? [`PostgreSQL ${f(cpu.postgres)}`] : []),
    `rest ${f(cpu.rest)}`,
    `(machine ${f(cpu.machine)} of ${os.cpus().length} cores)`,
  ].join(', ');
}

/**
 * `measure` (autocannon's throughput() by default, or rawThroughput() for binary bodies) after
 * WARMUP_SECONDS of the same load, not counted; with `watch` ({ pids, databaseName }) the result
 * carries the CPU breakdown of the measured part (withCpu).
 */
export async function warmThroughput(
  base,
  paths,
  { measure = throughput, watch, ...options } = {},
) {
  await measure(base, paths, { ...options, seconds: WARMUP_SECONDS });
  const run = () => measure(base, paths, { seconds: LISTING_SECONDS, ...options });
  return watch ? withCpu(watch, run) : run();
}

/**
 * The same paths against several servers at once, `connections` split evenly between them (one
 * autocannon per server, all in this process, started together): the requests per second of each
 * and their sum. Summing stands in for a load balancer; there is no proxy in the path. With
 * autocannon the load generators share one thread (this process), as they do against one server.
 */
export async function throughputAcross(
  bases,
  paths,
  { connections = 16, warmup = true, measure = throughput, watch } = {},
) {
  const each = Math.floor(connections / bases.length);
  if (warmup)
    await Promise.all(
      bases.map((base) => measure(base, paths, { connections: each, seconds: WARMUP_SECONDS })),
    );
  const run = async () => ({
    results: await Promise.all(
      bases.map((base) => measure(base, paths, { connections: each, seconds: LISTING_SECONDS })),
    ),
  });
  const { results, cpu } = watch ? await withCpu(watch, run) : await run();
  return {
    cpu,
    rps: results.reduce((sum, r) => sum + r.rps, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    each: results,
    connectionsEach: each,
  };
}
