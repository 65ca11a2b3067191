// Helpers for the scripts that drive a real server process (soak.mjs, crash-durability.mjs):
// start it on a free port with its own data directory or PostgreSQL database, wait until it
// answers, call the API, read its memory from /proc, stop it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuild } from '../server-build.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const randomInt = (min, max) => min + Math.floor(Math.random() * (max - min + 1));
export const pick = (list) => list[Math.floor(Math.random() * list.length)];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Servers still running, killed if the script itself ends early. */
const live = new Set();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

const FROM_SOURCES = ['--import', 'tsx', 'apps/server/src/server.ts'];
let serverArgs = FROM_SOURCES;
/**
 * Runs the servers as `npm start` does, from the server bundle (built first when missing or
 * stale): what is deployed is what is crashed and soaked, and each start skips transpiling the
 * sources through tsx (seconds per start on 2 cores, paid twice per crash trial). Without it,
 * when the bundle cannot be built, the sources run through tsx.
 */
export async function prepareServer() {
  const bundle = await ensureServerBuild({ quiet: true });
  serverArgs = bundle ? [bundle] : FROM_SOURCES;
}

/** One server process, output to a log file. */
export function startServer(env, logFile) {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  live.add(child);
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, exited };
}

export async function waitForHealth(base, server, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error('the server exited while starting');
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not become healthy in time');
}

export async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}

/** Resident memory of a process in MB, now (VmRSS) and at its highest (VmHWM), from /proc. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

export async function api(base, method, url, { token, body, form, headers = {} } = {}) {
  const init = { method, headers: { ...headers } };
  if (token) init.headers.authorization = `Bearer ${token}`;
  if (form) init.body = form;
  else if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(`${base}${url}`, init);
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

export async function expectStatus(promise, status, what) {
  const res = await promise;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
  return res.json;
}

/** A 1×1 PNG: the smallest image the catalogue accepts. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Signs the admin in and creates one division, manufacturer and salt composition named after
 * the run (`label`), all through the API; answers the admin's token and the three entries.
 */
export async function seedTaxonomy(base, adminCredentials, label) {
  const { token: admin } = await expectStatus(
    api(base, 'POST', '/api/auth/login', { body: adminCredentials }),
    200,
    'admin login',
  );
  const divisionForm = new FormData();
  divisionForm.append('name', `${label} division ${randomBytes(3).toString('hex')}`);
  divisionForm.append('image', new Blob([TINY_PNG], { type: 'image/png' }), 'division.png');
  const division = await expectStatus(
    api(base, 'POST', '/api/division', { token: admin, form: divisionForm }),
    201,
    'division',
  );
  const manufacturer = await expectStatus(
    api(base, 'POST', '/api/manufacturer', { token: admin, body: { name: `${label} Labs` } }),
    201,
    'manufacturer',
  );
  const salt = await expectStatus(
    api(base, 'POST', '/api/saltComposition', { token: admin, body: { name: `${label} salt` } }),
    201,
    'salt',
  );
  return { admin, division, manufacturer, salt };
}

/** Signs up `count` shoppers named after the run; answers their tokens. */
export async function signUpShoppers(base, count, label) {
  const tokens = [];
  for (let i = 0; i < count; i++) {
    const { token } = await expectStatus(
      api(base, 'POST', '/api/auth/signup', {
        body: {
          name: `${label} Shopper ${i}`,
          email: `${label.toLowerCase()}-${i}-${randomBytes(3).toString('hex')}@example.com`,
          phoneNumber: '9876543210',
          password: 'shopper-pass',
          confirmPassword: 'shopper-pass',
        },
      }),
      201,
      'sign-up',
    );
    tokens.push(token);
  }
  return tokens;
}

/**
 * Runs a command with its output held back and printed whole when it ends, so commands run side
 * by side (npm test's checks, the stress runs of two databases) do not interleave their logs.
 * Answers whether it succeeded and its wall time in seconds.
 */
export function runBuffered(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - begun) / 1000;
      console.log(`\n▶ ${label}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`◀ ${label}: ${Math.round(seconds)} s`);
      resolve({ label, ok: code === 0, seconds });
    });
  });
}

/** Whether PostgreSQL answers at `url`; says why not on stderr. */
export async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    console.error(`PostgreSQL at ${url} is not reachable: ${error.message}`);
    return false;
  }
}

/** A database of its own on the PostgreSQL server at `adminUrl`; answers its URL and a dropper. */
export async function createDatabase(adminUrl, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Issue 15 · the stock invariants (apps/server/test/support/stock-invariants.ts: no batch below
 * zero, on hand = the ledger, allocated + on hand adds up per batch, order lines hold their
 * quantity, quantity = the sellable sum) on a server's database: PostgreSQL read in one
 * repeatable-read snapshot, PGlite opened from its data directory once the server has stopped
 * (only one process may hold it). Answers `{ violations, figures }`.
 */
export async function checkStock({ databaseUrl, dataDir }, options = {}) {
  const { tsImport } = await import('tsx/esm/api');
  const checker = await tsImport(
    '../../apps/server/test/support/stock-invariants.ts',
    import.meta.url,
  );
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const report = await checker.checkStockInvariants(client, options);
      await client.query('commit');
      return report;
    } finally {
      await client.end();
    }
  }
  const { openDatabase } = await tsImport('../../apps/server/src/db/client.ts', import.meta.url);
  const handle = await openDatabase({ databaseUrl: undefined, dataDir, migrate: false });
  try {
    return await checker.checkStockInvariants(handle.db, options);
  } finally {
    await handle.close();
  }
}

/** A day `days` from today (UTC), as the goods-receipt form takes it. */
export const dayFromToday = (days) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A goods receipt through the API (issue 15): `units` of a batch of the product; answers the
 * batch as the server describes it.
 */
export async function receiveBatch(base, admin, productId, units, days, batchNumber) {
  const answer = await expectStatus(
    api(base, 'POST', '/api/inventory/receipts', {
      token: admin,
      body: {
        productId,
        units,
        batchNumber,
        expiryDate: dayFromToday(days),
        supplier: 'Stress Pharma Distributors',
      },
    }),
    201,
    `receipt of ${batchNumber}`,
  );
  return answer.batch;
}
