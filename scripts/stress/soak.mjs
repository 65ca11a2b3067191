// Issue 7 · soak. A real server process takes SOAK_SECONDS (default 600) of mixed shopper and
// admin traffic at a steady rate: browsing, search, product pages, cart changes, orders, the
// admin's order list and status changes. Checks: no 5xx and no 4xx at all (every request sent is
// a valid one), memory read from /proc/<pid>/status at the start, every 10 s and at the end
// (VmRSS, and VmHWM for the peak), and afterwards every acknowledged order present exactly once
// with its lines, no order nobody placed, and stock that adds up.
//
// Issue 15: each product's stock is several batches (the opening one, a small one that expires
// first so orders cross from one to the next, and a short-dated one that must never be sold); the
// admin also receives new batches, corrects counts and reads the stock screens (batches, ledger,
// low stock, near expiry). Stock that adds up: sellable stock + units in orders not cancelled =
// the initial stock + units received + adjustments; and once the server has stopped, the stock
// invariants on its database (apps/server/test/support/stock-invariants.ts: no batch below zero,
// on hand = the ledger, allocated + on hand adds up per batch, order lines hold their quantity,
// quantity = the sellable sum), the short-dated batches never sold from.
//
//   node scripts/stress/soak.mjs [--seconds 600] [--rate 20] [--driver pglite|postgres]
//
// SOAK_SECONDS, SOAK_RATE (actions a second), SOAK_DRIVER work too; PostgreSQL comes from
// SOAK_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), one database per run.
// Figures go to STRESS_REPORT_DIR/soak.jsonl when it is set. Exits 1 on any failure.
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  api,
  checkStock,
  createDatabase,
  dayFromToday,
  expectStatus,
  freePort,
  memoryOf,
  pick,
  randomInt,
  receiveBatch,
  seedTaxonomy,
  signUpShoppers,
  sleep,
  prepareServer,
  startServer,
  stopServer,
  waitForHealth,
  TINY_PNG,
} from './server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) =>
  args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback;
const SECONDS = Number(option('seconds', process.env.SOAK_SECONDS ?? '600'));
const RATE = Number(option('rate', process.env.SOAK_RATE ?? '20'));
const DRIVER = option('driver', process.env.SOAK_DRIVER ?? 'pglite');
const PG_URL = process.env.SOAK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Actions started but not finished; past this the run is falling behind and it says so. */
const MAX_IN_FLIGHT = 64;
/** Share of planned actions that may be skipped for falling behind before the soak fails. */
const MAX_SKIPPED_SHARE = 0.02;
const SHOPPERS = 24;
const ADMIN = { email: 'soak-admin@example.com', password: 'soak-admin-pass' };
const WORDS = ['paracetamol', 'cetirizine', 'amoxicillin', 'metformin', 'omeprazole', 'zinc'];
const FORMS = ['tablet', 'syrup', 'capsule', 'drops'];
const STATUS = {
  COLLECTING_ADDRESS: 3,
  DISPATCHED: 6,
  DELIVERED: 7,
  CANCELLED: 8,
  PAYMENT: 9,
  PACKING: 10,
};
/**
 * The admin moves a paid order along this path, or cancels any open one. Address and payment
 * are the shopper's steps: the order state machine (decision 0012) refuses them to the admin.
 */
const NEXT_STATUS = {
  [STATUS.PACKING]: STATUS.DISPATCHED,
  [STATUS.DISPATCHED]: STATUS.DELIVERED,
};
const SOAK_ADDRESS = {
  name: 'Soak Shopper',
  phone: '9876543210',
  street: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pinCode: '411001',
};

async function seed(base) {
  const { admin, division, manufacturer, salt } = await seedTaxonomy(base, ADMIN, 'Soak');
  const products = [];
  for (let i = 0; i < 40; i++) {
    const form = new FormData();
    const opening = 990_000;
    const fields = {
      name: `${WORDS[i % WORDS.length]} ${FORMS[i % FORMS.length]} ${100 + i} mg`,
      maximumRetailPrice: String(60 + i),
      offerPrice: String(55 + i),
      divisionId: String(division.id),
      manufacturerId: String(manufacturer.id),
      saltCompositionId: String(salt.id),
      // The opening stock arrives as the product's first batch.
      quantity: String(opening),
      batchNumber: 'OPEN-1',
      expiryDate: dayFromToday(400),
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('image', new Blob([TINY_PNG], { type: 'image/png' }), `p${i}.png`);
    const created = await expectStatus(
      api(base, 'POST', '/api/product', { token: admin, form }),
      201,
      'product',
    );
    // A few units that expire first (orders empty them, then go on to the opening batch), and a
    // short-dated batch the shop must never sell.
    await receiveBatch(base, admin, created.id, 3, 35, 'EARLY-1');
    const short = await receiveBatch(base, admin, created.id, 500, 10, 'SHORT-1');
    const { batches } = await expectStatus(
      api(base, 'GET', `/api/inventory/products/${created.id}/batches`, { token: admin }),
      200,
      'batches',
    );
    const openingBatch = batches.find((batch) => batch.batchNumber === 'OPEN-1');
    const current = await expectStatus(
      api(base, 'GET', `/api/product/${created.id}`, { token: admin }),
      200,
      'product after receipts',
    );
    if (!openingBatch || current.quantity !== opening + 3)
      throw new Error(`product ${created.id}: quantity ${current.quantity} after the receipts`);
    products.push({
      id: created.id,
      initial: current.quantity,
      openingBatchId: openingBatch.id,
      shortBatchId: short.id,
      received: 0,
      adjusted: 0,
    });
  }
  const shoppers = (await signUpShoppers(base, SHOPPERS, 'Soak')).map((token) => ({
    token,
    cart: new Map(),
    busy: false,
  }));
  return { admin, products, shoppers };
}

/** Counts of answers by action and status; any status outside `ok` is an error. */
function createLedger() {
  const counts = {};
  const errors = [];
  return {
    counts,
    errors,
    record(action, res, ok = [200]) {
      counts[action] ??= {};
      counts[action][res.status] = (counts[action][res.status] ?? 0) + 1;
      if (!ok.includes(res.status))
        errors.push(`${action}: ${res.status} ${String(res.text).slice(0, 160)}`);
      return ok.includes(res.status);
    },
  };
}

function actions(base, world, state, ledger) {
  const anyProduct = () => pick(world.products);
  const freeShopper = () => {
    const free = world.shoppers.filter((s) => !s.busy);
    return free.length ? pick(free) : undefined;
  };
  const withShopper = async (fn) => {
    const shopper = freeShopper();
    if (!shopper) return;
    shopper.busy = true;
    try {
      await fn(shopper);
    } finally {
      shopper.busy = false;
    }
  };
  return [
    {
      name: 'browse',
      weight: 25,
      run: async () => {
        const page = randomInt(1, 4);
        ledger.record('browse', await api(base, 'GET', `/api/product/all?page=${page}&limit=12`));
      },
    },
    {
      name: 'search',
      weight: 15,
      run: async () => {
        const word = pick(WORDS);
        // Sometimes misspelt, to take the typo-tolerant path.
        const term = Math.random() < 0.3 ? `${word.slice(0, -1)}x` : word;
        const sort = pick(['orderBy=offerPrice&orderType=asc', 'orderBy=relevance', '']);
        ledger.record(
          'search',
          await api(base, 'GET', `/api/product/all?search=${encodeURIComponent(term)}&${sort}`),
        );
      },
    },
    {
      name: 'product page',
      weight: 15,
      run: async () => {
        const { id } = anyProduct();
        ledger.record('product page', await api(base, 'GET', `/api/product/${id}`));
        ledger.record('substitutes', await api(base, 'GET', `/api/product/${id}/substitutes`));
      },
    },
    {
      name: 'cart add',
      weight: 18,
      run: () =>
        withShopper(async (shopper) => {
          const { id } = anyProduct();
          const quantity = randomInt(1, 3);
          const res = await api(base, 'POST', '/api/cart', {
            token: shopper.token,
            body: { productId: id, quantity },
          });
          if (ledger.record('cart add', res))
            shopper.cart.set(id, (shopper.cart.get(id) ?? 0) + quantity);
        }),
    },
    {
      name: 'cart remove',
      weight: 4,
      run: () =>
        withShopper(async (shopper) => {
          const [id] = [...shopper.cart.keys()];
          if (id === undefined) return;
          const res = await api(base, 'DELETE', `/api/cart/remove/${id}`, {
            token: shopper.token,
          });
          if (ledger.record('cart remove', res)) shopper.cart.delete(id);
        }),
    },
    {
      name: 'place order',
      weight: 10,
      run: () =>
        withShopper(async (shopper) => {
          if (shopper.cart.size === 0) return;
          const res = await api(base, 'POST', '/api/order', {
            token: shopper.token,
            headers: { 'idempotency-key': randomUUID() },
          });
          if (ledger.record('place order', res, [201])) {
            state.acknowledged.push({
              orderId: res.json.orderId,
              lines: new Map(shopper.cart),
              statusId: STATUS.COLLECTING_ADDRESS,
              shopper,
              busy: false,
            });
            shopper.cart.clear();
          }
        }),
    },
    {
      name: 'my orders',
      weight: 4,
      run: async () => {
        const shopper = pick(world.shoppers);
        ledger.record(
          'my orders',
          await api(base, 'GET', '/api/order/all', { token: shopper.token }),
        );
      },
    },
    {
      name: 'admin order list',
      weight: 5,
      run: async () => {
        const page = randomInt(1, 3);
        ledger.record(
          'admin order list',
          await api(base, 'GET', `/api/order/all?page=${page}&pageSize=20`, {
            token: world.admin,
          }),
        );
      },
    },
    {
      name: 'admin receipt',
      weight: 1,
      run: async () => {
        const product = anyProduct();
        state.receiptNumber += 1;
        const res = await api(base, 'POST', '/api/inventory/receipts', {
          token: world.admin,
          body: {
            productId: product.id,
            units: 10,
            batchNumber: `SK-${state.receiptNumber}`,
            expiryDate: dayFromToday(120 + randomInt(0, 200)),
            invoiceReference: `INV-${state.receiptNumber}`,
          },
        });
        if (ledger.record('admin receipt', res, [201])) product.received += 10;
      },
    },
    {
      name: 'admin adjustment',
      weight: 1,
      run: async () => {
        const product = anyProduct();
        const units = pick([-3, -1, 1, 2, 5]);
        const res = await api(
          base,
          'POST',
          `/api/inventory/batches/${product.openingBatchId}/adjustments`,
          {
            token: world.admin,
            body: { units, reason: units > 0 ? 'count_correction' : 'damaged' },
          },
        );
        if (ledger.record('admin adjustment', res)) product.adjusted += units;
      },
    },
    {
      name: 'admin stock screens',
      weight: 2,
      run: async () => {
        const { id } = anyProduct();
        const [name, url] = pick([
          ['admin batches', `/api/inventory/products/${id}/batches`],
          ['admin ledger', `/api/inventory/products/${id}/ledger?page=${randomInt(1, 3)}`],
          ['admin low stock', `/api/inventory/low-stock?sort=${pick(['quantity', 'name'])}`],
          ['admin near expiry', `/api/inventory/near-expiry?days=${pick([30, 90, 365])}`],
        ]);
        ledger.record(name, await api(base, 'GET', url, { token: world.admin }));
      },
    },
    {
      name: 'confirm address and pay cash on delivery',
      weight: 3,
      run: async () => {
        const open = state.acknowledged.filter(
          (o) => !o.busy && o.statusId === STATUS.COLLECTING_ADDRESS,
        );
        if (open.length === 0) return;
        const order = pick(open);
        order.busy = true;
        try {
          const shopper = order.shopper;
          if (!shopper.addressId) {
            const saved = await api(base, 'POST', '/api/user/saveAddress', {
              token: shopper.token,
              body: SOAK_ADDRESS,
            });
            if (!ledger.record('save address', saved, [200, 201])) return;
            shopper.addressId = saved.json.addressId;
          }
          const confirmed = await api(base, 'PUT', `/api/order/${order.orderId}`, {
            token: shopper.token,
            body: { addressId: shopper.addressId },
          });
          if (!ledger.record('confirm address', confirmed)) return;
          order.statusId = STATUS.PAYMENT;
          const paid = await api(base, 'PUT', `/api/order/${order.orderId}`, {
            token: shopper.token,
            body: { payment: 'Cash on Delivery' },
          });
          if (ledger.record('pay cash on delivery', paid)) order.statusId = STATUS.PACKING;
        } finally {
          order.busy = false;
        }
      },
    },
    {
      name: 'admin status change',
      weight: 4,
      run: async () => {
        const open = state.acknowledged.filter(
          (o) => !o.busy && (NEXT_STATUS[o.statusId] || o.statusId === STATUS.COLLECTING_ADDRESS),
        );
        if (open.length === 0) return;
        const order = pick(open);
        const cancel = Math.random() < 0.2;
        // An order still waiting on its shopper can only be cancelled by the pharmacy.
        if (!cancel && !NEXT_STATUS[order.statusId]) return;
        const to = cancel ? STATUS.CANCELLED : NEXT_STATUS[order.statusId];
        order.busy = true;
        try {
          const res = await api(base, 'PUT', `/api/order/${order.orderId}`, {
            token: world.admin,
            body: { statusId: to, note: 'soak' },
          });
          if (ledger.record('admin status change', res)) order.statusId = to;
        } finally {
          order.busy = false;
        }
      },
    },
  ];
}

/** Starts one weighted action every 1000 / RATE ms until the time is up. */
async function drive(list, seconds, state) {
  const total = list.reduce((sum, a) => sum + a.weight, 0);
  const choose = () => {
    let roll = Math.random() * total;
    for (const action of list) {
      roll -= action.weight;
      if (roll < 0) return action;
    }
    return list[0];
  };
  const inFlight = new Set();
  const interval = 1000 / RATE;
  const started = Date.now();
  let next = started;
  while (Date.now() - started < seconds * 1000) {
    if (inFlight.size >= MAX_IN_FLIGHT) {
      state.skipped += 1;
      // When the run fell behind, to tell a server stall from the machine's other work.
      state.skippedAt.add(Math.round((Date.now() - started) / 1000));
    } else {
      const action = choose();
      const actionStarted = Date.now();
      const running = action
        .run()
        .catch((error) => state.failures.push(`${action.name}: ${error.message}`))
        .finally(() => {
          inFlight.delete(running);
          state.durations.push(Date.now() - actionStarted);
        });
      inFlight.add(running);
      state.started += 1;
    }
    next += interval;
    await sleep(Math.max(0, next - Date.now()));
  }
  await Promise.all(inFlight);
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

async function verify(base, world, state) {
  const problems = [];
  const listed = await allOrders(base, world.admin);
  const seen = new Map();
  for (const order of listed) seen.set(order.id, (seen.get(order.id) ?? 0) + 1);
  for (const [id, count] of seen)
    if (count > 1) problems.push(`order ${id} is listed ${count} times`);
  const acknowledged = new Map(state.acknowledged.map((o) => [o.orderId, o]));
  for (const id of seen.keys())
    if (!acknowledged.has(id)) problems.push(`order ${id} was never acknowledged`);
  const details = new Map();
  for (const order of state.acknowledged) {
    if (!seen.has(order.orderId)) {
      problems.push(`acknowledged order ${order.orderId} is missing`);
      continue;
    }
    const detail = await expectStatus(
      api(base, 'GET', `/api/order/getOrderDetail/${order.orderId}`, { token: world.admin }),
      200,
      `order ${order.orderId}`,
    );
    details.set(order.orderId, detail);
    const found = new Map(detail.orderDetails.map((line) => [line.product?.id, line.quantity]));
    for (const [productId, quantity] of order.lines)
      if (found.get(productId) !== quantity)
        problems.push(
          `order ${order.orderId}: product ${productId} ×${found.get(productId)}, expected ×${quantity}`,
        );
    if (found.size !== order.lines.size) problems.push(`order ${order.orderId} has extra lines`);
    if (detail.order.statusId !== order.statusId)
      problems.push(
        `order ${order.orderId}: status ${detail.order.statusId}, acknowledged ${order.statusId}`,
      );
  }
  for (const product of world.products) {
    const current = await expectStatus(
      api(base, 'GET', `/api/product/${product.id}`, { token: world.admin }),
      200,
      `product ${product.id}`,
    );
    let sold = 0;
    for (const detail of details.values()) {
      if (detail.order.statusId === STATUS.CANCELLED) continue;
      for (const line of detail.orderDetails)
        if (line.product?.id === product.id) sold += line.quantity;
    }
    const expected = product.initial + product.received + product.adjusted;
    if (current.quantity + sold !== expected)
      problems.push(
        `product ${product.id}: stock ${current.quantity} + sold ${sold} ≠ ${product.initial} ` +
          `+ received ${product.received} + adjusted ${product.adjusted}`,
      );
  }
  return { problems, ordersListed: listed.length };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), `soak-${DRIVER}-`));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
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
    DATABASE_URL: '',
  };
  const database = DRIVER === 'postgres' ? await createDatabase(PG_URL, 'soak') : undefined;
  if (database) env.DATABASE_URL = database.url;
  const server = startServer(env, logFile);
  const result = { driver: DRIVER, seconds: SECONDS, rate: RATE };
  let ok = false;
  try {
    await waitForHealth(base, server);
    const world = await seed(base);
    const state = {
      acknowledged: [],
      failures: [],
      started: 0,
      skipped: 0,
      skippedAt: new Set(),
      durations: [],
      receiptNumber: 0,
    };
    const ledger = createLedger();
    const memory = [{ at: 0, ...memoryOf(server.child.pid) }];
    const started = Date.now();
    const sampler = setInterval(() => {
      memory.push({ at: Math.round((Date.now() - started) / 1000), ...memoryOf(server.child.pid) });
    }, 10_000);
    await drive(actions(base, world, state, ledger), SECONDS, state);
    clearInterval(sampler);
    memory.push({ at: Math.round((Date.now() - started) / 1000), ...memoryOf(server.child.pid) });
    const { problems, ordersListed } = await verify(base, world, state);
    // The stock invariants on the database itself (PGlite: once the server has let it go).
    await stopServer(server);
    const stock = await checkStock(
      { databaseUrl: env.DATABASE_URL || undefined, dataDir },
      { untouchableBatchIds: world.products.map((product) => product.shortBatchId) },
    );
    problems.push(...stock.violations);

    const requests = Object.values(ledger.counts).reduce(
      (sum, byStatus) => sum + Object.values(byStatus).reduce((s, n) => s + n, 0),
      0,
    );
    const statuses = {};
    for (const byStatus of Object.values(ledger.counts))
      for (const [status, n] of Object.entries(byStatus))
        statuses[status] = (statuses[status] ?? 0) + n;
    const round = (mb) => Math.round(mb);
    // The first sample after warm-up: the runtime and the database settle in the first seconds.
    const settled = memory.find((m) => m.at >= Math.min(60, SECONDS / 5)) ?? memory[0];
    const durations = [...state.durations].sort((a, b) => a - b);
    const at = (p) =>
      durations[Math.min(durations.length - 1, Math.ceil(p * durations.length) - 1)];
    Object.assign(result, {
      actions: state.started,
      skipped: state.skipped,
      skippedAtSeconds: [...state.skippedAt].join(' '),
      actionP50Ms: at(0.5),
      actionP99Ms: at(0.99),
      actionMaxMs: durations.at(-1),
      requests,
      requestsPerSecond: Math.round(requests / SECONDS),
      statuses,
      ordersAcknowledged: state.acknowledged.length,
      ordersListed,
      cancelled: state.acknowledged.filter((o) => o.statusId === STATUS.CANCELLED).length,
      delivered: state.acknowledged.filter((o) => o.statusId === STATUS.DELIVERED).length,
      rssStartMb: round(memory[0].rssMb),
      rssSettledMb: round(settled.rssMb),
      rssEndMb: round(memory.at(-1).rssMb),
      rssPeakDuringMb: round(Math.max(...memory.map((m) => m.rssMb))),
      // VmHWM: the process's high-water mark, start-up and migrations included.
      rssHighWaterMb: round(Math.max(...memory.map((m) => m.peakMb))),
      rssSamples: memory.map((m) => `${m.at}s:${round(m.rssMb)}`).join(' '),
      errors: ledger.errors.length,
      failures: state.failures.length,
      problems: problems.length,
      stockReceipts: world.products.reduce((sum, p) => sum + p.received, 0) / 10,
      stockAdjustedUnits: world.products.reduce((sum, p) => sum + p.adjusted, 0),
      stockInvariants:
        stock.violations.length === 0 ? 'hold' : `${stock.violations.length} violations`,
      stockBatches: stock.figures.batches,
      stockLedgerRows: stock.figures.movements,
      stockAllocations: stock.figures.allocations,
    });
    for (const line of [...ledger.errors, ...state.failures, ...problems].slice(0, 20))
      console.error(`  ${line}`);
    ok =
      ledger.errors.length === 0 &&
      state.failures.length === 0 &&
      problems.length === 0 &&
      // A few actions not started while the machine was busy elsewhere are reported, not failed:
      // the soak proves nothing is lost or broken; the pace is the bench's business.
      state.skipped <= Math.ceil(state.started * MAX_SKIPPED_SHARE) &&
      state.acknowledged.length > 0;
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    await stopServer(server);
    if (ok) rmSync(dataDir, { recursive: true, force: true });
    else result.log = logFile;
    await database?.drop();
  }
  result.ok = ok;
  console.log(`soak (${DRIVER}): ${JSON.stringify(result, null, 2)}`);
  if (process.env.STRESS_REPORT_DIR) {
    mkdirSync(process.env.STRESS_REPORT_DIR, { recursive: true });
    appendFileSync(
      path.join(process.env.STRESS_REPORT_DIR, 'soak.jsonl'),
      `${JSON.stringify(result)}\n`,
    );
  }
  process.exit(ok ? 0 : 1);
}

await prepareServer();
await main();
