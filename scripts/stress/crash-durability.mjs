// Issue 7 · crash durability. For each trial: start a real server process on its own data
// directory (PGlite) or its own PostgreSQL database, sign shoppers up over HTTP, run a burst of
// orders (and some cancellations), kill the server with SIGKILL at a random moment, start it
// again on the same data, and check that every order acknowledged (201) before the kill is there
// with all its lines, every acknowledged cancellation stuck, and for every product
// initial stock + units received during the burst = stock + units in orders that are not
// cancelled.
//
// Issue 15: each product's stock is several batches (the opening one, an earlier-expiring one
// that orders empty first, and a short-dated one that must never be sold), goods receipts of new
// batches go on during the burst (every acknowledged one must survive the kill), and after the
// restart the stock invariants are checked on the database itself
// (apps/server/test/support/stock-invariants.ts: no batch below zero, on hand = the ledger,
// allocated + on hand adds up per batch, order lines hold their quantity, quantity = the
// sellable sum).
//
// Issue 17: every order's 'We received your order' mail is queued in the order's own
// transaction and sent by the job queue. After the restart, every acknowledged order's mail must
// arrive in the outbox, and no order's mail twice (a job killed mid-send runs again after
// JOB_TIMEOUT_SECONDS; the outbox keeps one file per job).
//
//   node scripts/stress/crash-durability.mjs [--trials 10] [--driver pglite|postgres|both]
//
// PostgreSQL: CRASH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) is used to
// create and drop one database per trial. Prints a summary table; exits 1 on any failure.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  api,
  checkStock,
  dayFromToday,
  expectStatus,
  freePort,
  randomInt,
  receiveBatch,
  seedTaxonomy,
  signUpShoppers,
  sleep,
  prepareServer,
  startServer,
  stopServer,
  waitForHealth,
} from './server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback;
const TRIALS = Number(option('trials', process.env.CRASH_TRIALS ?? '10'));
const DRIVER = option('driver', process.env.CRASH_DRIVER ?? 'both');
const PG_URL = process.env.CRASH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SHOPPERS = 12;
const PRODUCTS = [
  { name: 'Crash Paracetamol 500', quantity: 2000 },
  { name: 'Crash Cetirizine 10', quantity: 1500 },
  { name: 'Crash Amoxicillin 250', quantity: 800 },
];
const ADMIN = { email: 'crash-admin@example.com', password: 'crash-admin-pass' };
const CANCELLED = 8;

/** Catalogue and shoppers, all through the API. */
async function seed(base) {
  const { admin, division, manufacturer, salt } = await seedTaxonomy(base, ADMIN, 'Crash');
  const products = [];
  for (const product of PRODUCTS) {
    const form = new FormData();
    const fields = {
      name: product.name,
      maximumRetailPrice: '120',
      offerPrice: '99.5',
      divisionId: String(division.id),
      manufacturerId: String(manufacturer.id),
      saltCompositionId: String(salt.id),
      // The opening stock arrives as the product's first batch.
      quantity: String(product.quantity),
      batchNumber: 'OPEN-1',
      expiryDate: dayFromToday(400),
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const created = await expectStatus(
      api(base, 'POST', '/api/product', { token: admin, form }),
      201,
      'product',
    );
    // A batch that expires first (orders empty it before the opening one), and one short of the
    // minimum shelf life (never sold).
    await receiveBatch(base, admin, created.id, 60, 45, 'EARLY-1');
    const short = await receiveBatch(base, admin, created.id, 30, 5, 'SHORT-1');
    const current = await expectStatus(
      api(base, 'GET', `/api/product/${created.id}`, { token: admin }),
      200,
      'product after receipts',
    );
    if (current.quantity !== product.quantity + 60)
      throw new Error(`product ${created.id}: quantity ${current.quantity} after the receipts`);
    products.push({ id: created.id, initial: current.quantity, neverSold: [short.id] });
  }
  const shoppers = await signUpShoppers(base, SHOPPERS, 'Crash');
  return { admin, products, shoppers };
}

/**
 * Shoppers fill their carts and place orders as fast as they can; the admin cancels some of the
 * acknowledged ones. Everything answered before the kill is recorded as acknowledged.
 */
function burst(base, world, state) {
  const shopper = async (token) => {
    while (!state.killed) {
      const cart = new Map();
      const picks = [...world.products].sort(() => Math.random() - 0.5).slice(0, randomInt(1, 3));
      for (const product of picks) {
        const quantity = randomInt(1, 2);
        const res = await api(base, 'POST', '/api/cart', {
          token,
          body: { productId: product.id, quantity },
        });
        if (res.status !== 200) throw new Error(`cart ${res.status}`);
        cart.set(product.id, (cart.get(product.id) ?? 0) + quantity);
      }
      const res = await api(base, 'POST', '/api/order', {
        token,
        headers: { 'idempotency-key': randomUUID() },
      });
      if (res.status !== 201) throw new Error(`order ${res.status} ${res.text.slice(0, 120)}`);
      // A complete answer means the server committed the order before it died.
      state.acknowledged.push({ orderId: res.json.orderId, lines: cart });
    }
  };
  const canceller = async () => {
    while (!state.killed) {
      const candidates = state.acknowledged.filter((o) => !state.cancelled.has(o.orderId));
      const pick = candidates[randomInt(0, Math.max(candidates.length - 1, 0))];
      if (!pick || Math.random() < 0.7) {
        await sleep(20);
        continue;
      }
      const res = await api(base, 'PUT', `/api/order/${pick.orderId}`, {
        token: world.admin,
        body: { statusId: CANCELLED, note: 'crash test' },
      });
      if (res.status !== 200) throw new Error(`cancel ${res.status}`);
      state.cancelled.add(pick.orderId);
    }
  };
  // Goods receipts of new batches while the orders go on; each acknowledged one must survive.
  const receiver = async () => {
    for (let n = 1; !state.killed; n++) {
      await sleep(randomInt(50, 250));
      if (state.killed) break;
      const product = world.products[randomInt(0, world.products.length - 1)];
      const res = await api(base, 'POST', '/api/inventory/receipts', {
        token: world.admin,
        body: {
          productId: product.id,
          units: 5,
          batchNumber: `CR-${n}`,
          expiryDate: dayFromToday(200),
        },
      });
      if (res.status !== 201) throw new Error(`receipt ${res.status} ${res.text.slice(0, 120)}`);
      state.receipts.push({ productId: product.id, batchId: res.json.batch.id, units: 5 });
    }
  };
  // Connection errors after the kill end each loop; they are expected.
  const quiet = (promise) =>
    promise.catch((error) => (state.killed ? undefined : Promise.reject(error)));
  return Promise.all([
    ...world.shoppers.map((token) => quiet(shopper(token))),
    quiet(canceller()),
    quiet(receiver()),
  ]);
}

async function allOrders(base, admin) {
  const orders = [];
  for (let page = 1; ; page++) {
    const list = await expectStatus(
      api(base, 'GET', `/api/order/all?page=${page}&pageSize=100`, { token: admin }),
      200,
      'order list',
    );
    orders.push(...list.orderList);
    if (page >= list.pagination.pageCount) break;
  }
  return orders;
}

/** Checks the restarted shop against what was acknowledged; answers a list of problems. */
async function verify(base, world, state) {
  const problems = [];
  const { token: admin } = await expectStatus(
    api(base, 'POST', '/api/auth/login', { body: ADMIN }),
    200,
    'admin login after restart',
  );
  const details = new Map();
  for (const order of await allOrders(base, admin)) {
    const detail = await expectStatus(
      api(base, 'GET', `/api/order/getOrderDetail/${order.id}`, { token: admin }),
      200,
      `order ${order.id}`,
    );
    details.set(order.id, detail);
    const units = detail.orderDetails.reduce((sum, line) => sum + line.quantity, 0);
    if (detail.orderDetails.length === 0 || units !== detail.order.itemCount)
      problems.push(`order ${order.id} is incomplete (${detail.orderDetails.length} lines)`);
  }
  for (const acked of state.acknowledged) {
    const detail = details.get(acked.orderId);
    if (!detail) {
      problems.push(`acknowledged order ${acked.orderId} is missing`);
      continue;
    }
    const found = new Map(detail.orderDetails.map((line) => [line.product?.id, line.quantity]));
    for (const [productId, quantity] of acked.lines) {
      if (found.get(productId) !== quantity)
        problems.push(
          `order ${acked.orderId}: product ${productId} ×${found.get(productId)}, expected ×${quantity}`,
        );
    }
    if (found.size !== acked.lines.size) problems.push(`order ${acked.orderId} has extra lines`);
  }
  for (const orderId of state.cancelled) {
    if (details.get(orderId)?.order.statusId !== CANCELLED)
      problems.push(`acknowledged cancellation of order ${orderId} was lost`);
  }
  for (const product of world.products) {
    const current = await expectStatus(
      api(base, 'GET', `/api/product/${product.id}`, { token: admin }),
      200,
      `product ${product.id}`,
    );
    let sold = 0;
    for (const detail of details.values()) {
      if (detail.order.statusId === CANCELLED) continue;
      for (const line of detail.orderDetails)
        if (line.product?.id === product.id) sold += line.quantity;
    }
    // Receipts: every acknowledged one is there; one in flight at the kill may be there too.
    const { batches } = await expectStatus(
      api(base, 'GET', `/api/inventory/products/${product.id}/batches`, { token: admin }),
      200,
      `batches of product ${product.id}`,
    );
    const received = batches
      .filter((batch) => batch.batchNumber.startsWith('CR-'))
      .reduce((sum, batch) => sum + batch.receivedUnits, 0);
    for (const receipt of state.receipts.filter((r) => r.productId === product.id))
      if (!batches.some((batch) => batch.id === receipt.batchId && batch.receivedUnits === 5))
        problems.push(`acknowledged receipt of batch ${receipt.batchId} was lost`);
    if (current.quantity + sold !== product.initial + received)
      problems.push(
        `product ${product.id}: stock ${current.quantity} + sold ${sold} ≠ initial ${product.initial} + received ${received}`,
      );
  }
  return { problems, ordersFound: details.size };
}

/** Order ids of the 'We received your order' mails in the outbox, one entry per mail. */
function placedMailOrderIds(dataDir) {
  let names;
  try {
    names = readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
  } catch {
    return []; // nothing sent yet
  }
  const ids = [];
  for (const name of names) {
    // Quoted-printable: undo soft line breaks before reading the plain-ASCII lines.
    const mail = readFileSync(path.join(dataDir, 'outbox', name), 'utf8').replace(/=\r?\n/g, '');
    if (!mail.includes('Thank you for your order of')) continue;
    const id = /Your order: \S+\/order\/(\d+)/.exec(mail)?.[1];
    if (id) ids.push(Number(id));
  }
  return ids;
}

/**
 * Waits (up to 60 s: a job killed mid-send is run again once its JOB_TIMEOUT_SECONDS pass)
 * until every acknowledged order has its mail; then checks that none has two.
 */
async function checkOrderMails(dataDir, acknowledged) {
  const started = Date.now();
  let missing = acknowledged;
  while (Date.now() - started < 60_000) {
    const mailed = new Set(placedMailOrderIds(dataDir));
    missing = acknowledged.filter((id) => !mailed.has(id));
    if (missing.length === 0) break;
    await sleep(250);
  }
  // A last moment for a duplicate to show, had the queue sent one.
  await sleep(500);
  const ids = placedMailOrderIds(dataDir);
  const seen = new Set();
  const twice = new Set(ids.filter((id) => seen.has(id) || !seen.add(id)));
  const problems = [];
  if (missing.length > 0)
    problems.push(
      `${missing.length} acknowledged orders never got their mail (e.g. #${missing[0]})`,
    );
  if (twice.size > 0) problems.push(`orders mailed twice: ${[...twice].slice(0, 5).join(', ')}`);
  return { problems, mails: ids.length, waitMs: Date.now() - started };
}

async function trial(driver, number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `crash-${driver}-`));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let database;
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SIGNUP_RATE_LIMIT: '1000',
    CATALOG_CACHE_SECONDS: '0',
    // A mail job the kill interrupted is run again this soon after the restart.
    JOB_TIMEOUT_SECONDS: '10',
    // …and, like any failed try, after a retry delay: a short one, so the trial waits seconds.
    MAIL_RETRY_DELAY_SECONDS: '1',
    DATABASE_URL: '',
  };
  if (driver === 'postgres') {
    database = `crash_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  const row = { driver, trial: number };
  const servers = [];
  try {
    const first = startServer(env, logFile);
    servers.push(first);
    await waitForHealth(base, first);
    const world = await seed(base);
    const state = { killed: false, acknowledged: [], cancelled: new Set(), receipts: [] };
    const killAfter = randomInt(500, 4000);
    // Caught at once: a failing request must fail this trial, not crash the script mid-sleep.
    const running = burst(base, world, state).then(
      () => undefined,
      (error) => error,
    );
    await sleep(killAfter);
    state.killed = true;
    first.child.kill('SIGKILL');
    const { signal } = await first.exited;
    const burstError = await running;
    if (burstError) throw new Error(`during the burst: ${burstError.message}`);
    row.killAfterMs = killAfter;
    row.killedBy = signal;
    row.acked = state.acknowledged.length;
    row.cancelsAcked = state.cancelled.size;
    row.receiptsAcked = state.receipts.length;
    const lockFile = path.join(dataDir, 'db.lock');
    row.staleLock =
      driver === 'pglite'
        ? existsSync(lockFile) && readFileSync(lockFile, 'utf8').trim() === String(first.child.pid)
        : '-';

    const second = startServer(env, logFile);
    servers.push(second);
    row.restartMs = await waitForHealth(base, second);
    const { problems, ordersFound } = await verify(base, world, state);
    row.ordersFound = ordersFound;
    const mails = await checkOrderMails(
      dataDir,
      state.acknowledged.map((order) => order.orderId),
    );
    problems.push(...mails.problems);
    row.mails = mails.mails;
    row.mailWaitMs = mails.waitMs;
    // The stock invariants on the database itself (PGlite: once the server has let it go).
    await stopServer(second);
    const stock = await checkStock(
      { databaseUrl: env.DATABASE_URL || undefined, dataDir },
      { untouchableBatchIds: world.products.flatMap((product) => product.neverSold) },
    );
    problems.push(...stock.violations);
    row.stock = stock.figures;
    row.problems = problems;
    row.ok =
      problems.length === 0 &&
      signal === 'SIGKILL' &&
      (driver !== 'pglite' || row.staleLock === true);
  } catch (error) {
    row.ok = false;
    row.problems = [String(error instanceof Error ? error.message : error)];
  } finally {
    for (const server of servers) await stopServer(server);
    if (!row.ok) row.log = logFile;
    else rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }
  return row;
}

await prepareServer();
const drivers = DRIVER === 'both' ? ['pglite', 'postgres'] : [DRIVER];
const started = Date.now();
const rows = [];
for (const driver of drivers) {
  for (let i = 1; i <= TRIALS; i++) {
    const row = await trial(driver, i);
    rows.push(row);
    console.log(
      `${row.ok ? 'ok  ' : 'FAIL'} ${driver} trial ${i}: killed after ${row.killAfterMs ?? '?'} ms, ` +
        `${row.acked ?? '?'} orders, ${row.cancelsAcked ?? '?'} cancellations and ` +
        `${row.receiptsAcked ?? '?'} receipts acknowledged, ` +
        `${row.ordersFound ?? '?'} orders found after restart, ` +
        `${row.mails ?? '?'} order mails (all sent ${row.mailWaitMs ?? '?'} ms after restart)` +
        (row.stock
          ? `, stock invariants over ${row.stock.batches} batches, ${row.stock.movements} ledger rows, ` +
            `${row.stock.allocations} allocations`
          : '') +
        (row.problems?.length ? `\n     ${row.problems.slice(0, 5).join('\n     ')}` : '') +
        (row.log ? `\n     server log: ${row.log}` : ''),
    );
  }
}

const pad = (value, width) => String(value).padEnd(width);
console.log('\nCrash durability (SIGKILL during an order burst, then restart)\n');
console.log(
  `${pad('driver', 9)}${pad('trial', 6)}${pad('kill ms', 8)}${pad('acked', 7)}${pad('cancels', 8)}${pad('found', 7)}${pad('restart ms', 11)}${pad('stale lock', 11)}result`,
);
for (const row of rows) {
  console.log(
    `${pad(row.driver, 9)}${pad(row.trial, 6)}${pad(row.killAfterMs ?? '-', 8)}${pad(row.acked ?? '-', 7)}${pad(row.cancelsAcked ?? '-', 8)}${pad(row.ordersFound ?? '-', 7)}${pad(row.restartMs ?? '-', 11)}${pad(row.driver === 'pglite' ? (row.staleLock ? 'taken over' : 'no') : '-', 11)}${row.ok ? 'ok' : 'FAILED'}`,
  );
}
for (const driver of drivers) {
  const mine = rows.filter((row) => row.driver === driver);
  const acked = mine.reduce((sum, row) => sum + (row.acked ?? 0), 0);
  const receipts = mine.reduce((sum, row) => sum + (row.receiptsAcked ?? 0), 0);
  const stockChecked = mine.filter((row) => row.stock).length;
  console.log(
    `${driver}: ${mine.filter((row) => row.ok).length}/${mine.length} trials passed, ${acked} acknowledged orders ` +
      `and ${receipts} acknowledged receipts all present, stock invariants checked after ${stockChecked} restarts`,
  );
}
console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(rows.every((row) => row.ok) ? 0 : 1);
