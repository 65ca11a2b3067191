// Durable background work of issue 17 (docs/decisions/0014): every mail is a pg-boss job written
// in the transaction that causes it and sent by the server's worker; without SMTP_URL the worker
// writes each mail as an .eml file into DATA_DIR/outbox, so the outbox tells when a mail left.
// Two loads, against the real server: password-reset requests (one mail each, queued with the
// reset link in the request's transaction), and a back-in-stock fan-out (one goods receipt, one
// mail to each shopper waiting for the product, queued by a job in slices of 500).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { signSessionToken } from '../../apps/server/src/lib/tokens.ts';
import { query } from '../lib/database.mjs';
import { percentile } from '../lib/load.mjs';
import { BENCH_JWT_SECRET, sleep } from '../lib/process.mjs';

/** Password-reset requests of k1, for accounts that exist (one mail each). */
export const RESET_REQUESTS = 2_000;
/** Requests sent first to other accounts, not counted: start-up (JIT, the mailer's first load). */
export const RESET_WARMUP = 200;
/** Shoppers waiting for the sold-out product of the fan-out (k3). */
export const WAITING_SHOPPERS = 1_000;
/** Requests in flight at once, as the checkout rows' shoppers. */
export const CONCURRENCY = 16;
/** Queues whose jobs the suite waits for and checks (modules/notifications, stock-alerts). */
export const MAIL_QUEUES = ['send-mail', 'back-in-stock'];
/** The longest a load's mails may take to arrive in the outbox before the suite gives up. */
const MAIL_WAIT_MS = 10 * 60_000;

/**
 * The server's settings for this suite. POST /api/auth/forgot-password allows 5 requests a minute
 * per client address; with TRUST_PROXY each request names an address of its own in
 * X-Forwarded-For (as apps/server/test/multi-instance.test.ts does), so the limit is counted (one
 * upsert per request, as in production) and never reached. No SMTP_URL: mails go to the outbox.
 */
export const JOBS_SERVER_ENV = { TRUST_PROXY: 'true', SMTP_URL: '' };

/**
 * `count` member accounts made by SQL (password login, so a reset link is mailed), e-mail
 * `${prefix}-<n>@example.com`, and each one's session token.
 */
export async function mailAccounts(handle, prefix, count) {
  const users = await query(
    handle,
    sql`INSERT INTO users (name, email, password_hash)
        SELECT 'Bench Reader ' || n, ${prefix} || '-' || n || '@example.com', 'not-a-login'
        FROM generate_series(1, ${count}) AS n
        ORDER BY n
        RETURNING id, email, token_version AS "tokenVersion"`,
  );
  const tokens = await Promise.all(
    users.map((user) =>
      signSessionToken(BENCH_JWT_SECRET, {
        userId: Number(user.id),
        roleId: 2,
        tokenVersion: Number(user.tokenVersion),
      }),
    ),
  );
  return users.map((user, i) => ({ email: String(user.email), token: tokens[i] }));
}

/**
 * A product sold out for the fan-out: the last active over-the-counter product (the checkout
 * pools take the first 800), its batches and their ledger rows removed, its quantity 0.
 */
export async function soldOutProduct(handle) {
  const [row] = await query(
    handle,
    sql`SELECT id FROM products WHERE is_active AND NOT prescription ORDER BY id DESC LIMIT 1`,
  );
  const id = Number(row.id);
  await query(handle, sql`DELETE FROM stock_movements WHERE product_id = ${id}`);
  await query(handle, sql`DELETE FROM stock_batches WHERE product_id = ${id}`);
  await query(handle, sql`UPDATE products SET quantity = 0 WHERE id = ${id}`);
  return id;
}

/** After the server stopped: the product's requests still waiting and those fulfilled. */
export async function stockRequestsLeft(handle, productId) {
  const [row] = await query(
    handle,
    sql`SELECT count(*) FILTER (WHERE notified_at IS NULL)::int AS waiting,
               count(*) FILTER (WHERE notified_at IS NOT NULL)::int AS notified
        FROM stock_notifications WHERE product_id = ${productId}`,
  );
  return { waiting: Number(row.waiting), notified: Number(row.notified) };
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** lib/mail.ts names each outbox file `<queued at>-<job id>-<recipient>.eml`. */
const MAIL_FILE = new RegExp(`-${UUID}-(.+)\\.eml$`);

/**
 * The outbox's mails to addresses starting with `prefix`: the file names (hidden partial files
 * are not mails yet) and the recipients, in the outbox folder of `dataDir`.
 */
export function outboxMails(dataDir, prefix) {
  const folder = path.join(dataDir, 'outbox');
  let names;
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const mails = [];
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const match = MAIL_FILE.exec(name);
    if (match && match[1].startsWith(`${prefix}-`))
      mails.push({ file: path.join(folder, name), to: match[1] });
  }
  return mails;
}

/**
 * Waits until the outbox holds a mail for each of `expected` addresses (prefix `prefix`); answers
 * the mails and the wall-clock time (ms since the epoch) the last of them was written (its
 * mtime: lib/mail.ts writes the file, then links it in under its name).
 */
export async function waitForMails(dataDir, prefix, expected, { timeoutMs = MAIL_WAIT_MS } = {}) {
  const started = performance.now();
  let mails = [];
  while (performance.now() - started < timeoutMs) {
    mails = outboxMails(dataDir, prefix);
    if (new Set(mails.map((mail) => mail.to)).size >= expected) break;
    await sleep(25);
  }
  const recipients = new Set(mails.map((mail) => mail.to)).size;
  if (recipients < expected)
    throw new Error(
      `${recipients} of ${expected} mails to ${prefix}-… in the outbox after ${timeoutMs / 1000} s`,
    );
  const lastWritten = Math.max(...mails.map((mail) => statSync(mail.file).mtimeMs));
  return { mails, lastWritten };
}

/** GET /api/jobs as the admin: counts per queue and the jobs in `state` (failed by default). */
export async function jobList(base, adminToken, state = 'failed') {
  const response = await fetch(`${base}/api/jobs?state=${state}`, {
    headers: { authorization: `Bearer ${adminToken}` },
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`GET /api/jobs answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The counts of MAIL_QUEUES from GET /api/jobs. */
export async function mailQueueCounts(base, adminToken) {
  const { queues, jobs } = await jobList(base, adminToken);
  return {
    queues: queues.filter((q) => MAIL_QUEUES.includes(q.queue)),
    failedJobs: jobs.filter((job) => MAIL_QUEUES.includes(job.queue)),
  };
}

/**
 * Waits until no job of MAIL_QUEUES is waiting, running or waiting for a retry (at most
 * `timeoutMs`); answers the last counts and whether they were idle.
 */
export async function waitForIdleQueues(base, adminToken, { timeoutMs = 120_000 } = {}) {
  const started = performance.now();
  for (;;) {
    const counts = await mailQueueCounts(base, adminToken);
    const busy = counts.queues.some((q) => q.waiting + q.active + q.retrying > 0);
    if (!busy) return { ...counts, idle: true };
    if (performance.now() - started > timeoutMs) return { ...counts, idle: false };
    await sleep(250);
  }
}

/** 'send-mail 2200 completed, 0 failed, 0 retrying; back-in-stock …' */
export function queueCountsText(queues) {
  return queues
    .map(
      (q) =>
        `${q.queue} ${q.completed} completed, ${q.failed} failed, ${q.retrying} retrying, ${q.waiting + q.active} not done`,
    )
    .join('; ');
}

/**
 * Sends `requests` (each { path, headers, body }) as POSTs, `concurrency` at a time; answers each
 * one's latency and status, and the wall-clock times of the first send and the last answer.
 */
export async function postAll(base, requests, { concurrency = CONCURRENCY } = {}) {
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const firstSent = Date.now();
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const t0 = performance.now();
      let status;
      try {
        const response = await fetch(`${base}${request.path}`, {
          method: 'POST',
          headers: {
            ...(request.body ? { 'content-type': 'application/json' } : {}),
            ...request.headers,
          },
          body: request.body ? JSON.stringify(request.body) : undefined,
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        status = response.status;
      } catch (error) {
        status = error instanceof Error ? error.name : 'error';
      }
      latencies.push(performance.now() - t0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const lastAnswered = Date.now();
  return {
    count: requests.length,
    ok: (statuses.get(200) ?? 0) + (statuses.get(201) ?? 0),
    statuses: Object.fromEntries(statuses),
    firstSent,
    lastAnswered,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

let addressCounter = 0;
/** A client address never used before in this bench, for X-Forwarded-For (10.0.0.0/8). */
export function freshAddress() {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** POST /api/auth/forgot-password for each address, each from an address of its own. */
export function forgotPasswordRequests(emails) {
  return emails.map((email) => ({
    path: '/api/auth/forgot-password',
    headers: { 'x-forwarded-for': freshAddress() },
    body: { email },
  }));
}

/**
 * k1–k2: password-reset mails through the queue. Warm-up first (RESET_WARMUP requests for other
 * accounts and as many for addresses without one, their mails awaited; not counted); then the
 * baseline, `unknown` addresses (the same route, limit counter and account lookup, but no token
 * written and no job queued: the answer is the same by design); then the measured requests for
 * `accounts`, timed from the first request sent to the last of their mails in the outbox.
 * `around` wraps the measured part (the bench's CPU watch); its extra fields join the answer.
 */
export async function passwordResetMails(
  shop,
  dataDir,
  { warmup, unknown, accounts, around = (fn) => fn() },
) {
  const warm = await postAll(
    shop.base,
    forgotPasswordRequests([...warmup.emails, ...unknown.slice(0, RESET_WARMUP)]),
  );
  if (warm.ok !== warm.count)
    throw new Error(`warm-up: ${JSON.stringify(warm.statuses)} answers to forgot-password`);
  await waitForMails(dataDir, warmup.prefix, warmup.emails.length);
  const baseline = await postAll(shop.base, forgotPasswordRequests(unknown));
  if (baseline.ok !== baseline.count)
    throw new Error(`unknown addresses: ${JSON.stringify(baseline.statuses)} answers`);
  const requests = forgotPasswordRequests(accounts.emails);
  const { measured, mails, lastWritten, ...watched } = await around(async () => {
    const answers = await postAll(shop.base, requests);
    if (answers.ok !== answers.count)
      throw new Error(`forgot-password: ${JSON.stringify(answers.statuses)} answers`);
    return {
      measured: answers,
      ...(await waitForMails(dataDir, accounts.prefix, accounts.emails.length)),
    };
  });
  const seconds = (lastWritten - measured.firstSent) / 1000;
  return {
    requests: measured,
    baseline,
    mails: mails.length,
    seconds,
    mailsPerSecond: accounts.emails.length / seconds,
    requestsPerSecond: measured.count / ((measured.lastAnswered - measured.firstSent) / 1000),
    lagMs: lastWritten - measured.lastAnswered,
    ...watched,
  };
}

/**
 * k3: back-in-stock fan-out. Every shopper of `waiting` asks to be told about the sold-out
 * `productId` (POST /api/product/:id/notify, CONCURRENCY at a time); once the queues are idle
 * (and no mail has gone to them), the admin receives one batch of it (POST
 * /api/inventory/receipts); timed from the receipt's answer to the last of the shoppers' mails
 * in the outbox. Then, the queues idle again, every shopper's mails are counted (exactly one
 * each, with the product's link).
 */
export async function backInStockFanOut(
  shop,
  dataDir,
  adminToken,
  { productId, waiting, around = (fn) => fn() },
) {
  const asked = await postAll(
    shop.base,
    waiting.accounts.map((account) => ({
      path: `/api/product/${productId}/notify`,
      headers: { authorization: `Bearer ${account.token}` },
    })),
  );
  if (asked.ok !== asked.count)
    throw new Error(`notify: ${JSON.stringify(asked.statuses)} answers`);
  const before = await waitForIdleQueues(shop.base, adminToken);
  if (!before.idle) throw new Error(`queues busy before the receipt: ${JSON.stringify(before)}`);
  const early = outboxMails(dataDir, waiting.prefix).length;
  if (early > 0) throw new Error(`${early} back-in-stock mails before any stock arrived`);

  const { sent, answered, lastWritten, ...watched } = await around(async () => {
    const started = Date.now();
    const receipt = await fetch(`${shop.base}/api/inventory/receipts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        productId,
        units: 50,
        batchNumber: 'BENCH-RESTOCK-1',
        expiryDate: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
        supplier: 'Bench Distributors',
        invoiceReference: 'BENCH/RESTOCK',
      }),
      signal: AbortSignal.timeout(30_000),
    });
    const receiptBody = await receipt.text();
    const receiptAnswered = Date.now();
    if (receipt.status !== 201)
      throw new Error(`POST /api/inventory/receipts answered ${receipt.status}: ${receiptBody}`);
    const arrived = await waitForMails(dataDir, waiting.prefix, waiting.accounts.length);
    return { sent: started, answered: receiptAnswered, lastWritten: arrived.lastWritten };
  });

  const after = await waitForIdleQueues(shop.base, adminToken);
  const mails = outboxMails(dataDir, waiting.prefix);
  const perShopper = new Map(waiting.accounts.map((account) => [account.email, 0]));
  let withLink = 0;
  let strangers = 0;
  for (const mail of mails) {
    if (!perShopper.has(mail.to)) strangers += 1;
    else perShopper.set(mail.to, perShopper.get(mail.to) + 1);
    // Quoted-printable soft line breaks joined before looking for the link.
    const text = readFileSync(mail.file, 'utf8').replace(/=\r?\n/g, '');
    if (text.includes(`/product/${productId}`)) withLink += 1;
  }
  const counts = [...perShopper.values()];
  const seconds = (lastWritten - answered) / 1000;
  return {
    notify: asked,
    receiptMs: answered - sent,
    seconds,
    mailsPerSecond: waiting.accounts.length / seconds,
    mails: mails.length,
    withLink,
    strangers,
    none: counts.filter((n) => n === 0).length,
    twice: counts.filter((n) => n > 1).length,
    idleAfter: after.idle,
    ...watched,
  };
}
