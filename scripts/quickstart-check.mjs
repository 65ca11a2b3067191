// The two-command quick start on whatever Node runs this (CI: the machine's older Node, decision
// 0019): `npm start` on a fresh embedded database must come up healthy with the demo shop, and a
// representative path through the API must work on it: the storefront's HTML, the catalogue and
// search, sign-up, cart, an order placed, addressed and paid cash on delivery, its GST invoice as
// a PDF, the demo admin seeing it; then a restart finds the order still there.
//
//   node scripts/quickstart-check.mjs
//
// The data directory is a temporary one (not ./data), so a developer's own shop is untouched.
// Exits 1 with the step that failed.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, expectStatus, freePort, sleep } from './stress/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-quickstart-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const DEMO_ADMIN = { email: 'admin@medikart.example', password: 'Admin@123' };
const steps = [];

function npmStart() {
  // npm runs scripts on the Node first on PATH, the one that runs this check.
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, output, exited };
}

async function waitForHealth(server, timeoutMs = 180_000) {
  const begun = Date.now();
  while (Date.now() - begun < timeoutMs) {
    if (server.child.exitCode !== null) throw new Error('npm start exited before it was healthy');
    const res = await fetch(`${base}/api/health`).catch(() => undefined);
    if (res?.ok) return Date.now() - begun;
    await sleep(200);
  }
  throw new Error('npm start did not become healthy in 3 minutes');
}

async function stop(server) {
  if (server.child.exitCode === null) {
    // The whole group: npm and the server it started.
    process.kill(-server.child.pid, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-server.child.pid, 'SIGKILL'), 15_000);
    await server.exited;
    clearTimeout(timer);
  }
  // npm may exit while the server it started is still closing: until every process of the group
  // is gone, a new start's health check could be answered by the old server on its way out, and
  // the embedded database may still be writing its files into the data folder.
  const begun = Date.now();
  while (Date.now() - begun < 20_000) {
    if (!groupAlive(server.child.pid)) return;
    await sleep(100);
  }
  process.kill(-server.child.pid, 'SIGKILL');
  await sleep(500);
}

function groupAlive(groupId) {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

async function step(name, action) {
  const begun = Date.now();
  try {
    const result = await action();
    steps.push(`ok      ${name} (${Date.now() - begun} ms)`);
    return result;
  } catch (error) {
    steps.push(`FAILED  ${name}: ${error instanceof Error ? error.message : error}`);
    throw error;
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

let server = npmStart();
let failed = false;
try {
  const ms = await step('npm start: healthy on a fresh embedded database', () =>
    waitForHealth(server),
  );
  console.log(`npm start answered /api/health after ${ms} ms on Node ${process.version}`);

  await step('the storefront HTML and its script', async () => {
    const res = await fetch(`${base}/`);
    const html = await res.text();
    expect(res.ok && html.includes('<div id="root">'), `GET / answered ${res.status}`);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'no script in the page');
    expect((await fetch(`${base}${script}`)).ok, `${script} was not served`);
  });
  await step('settings', () => expectStatus(api(base, 'GET', '/api/settings'), 200, 'settings'));
  const products = await step('the demo catalogue, a page and a search', async () => {
    const page = await expectStatus(
      api(base, 'GET', '/api/product/all?page=1&limit=12'),
      200,
      'listing',
    );
    expect(page.productList.length > 0, 'the demo catalogue is empty');
    const term = page.productList[0].name.split(' ')[0];
    const found = await expectStatus(
      api(base, 'GET', `/api/product/all?search=${encodeURIComponent(term)}`),
      200,
      'search',
    );
    expect(found.productList.length > 0, `searching "${term}" found nothing`);
    return page.productList;
  });
  const product = await step('a product page', async () => {
    const chosen = products.find((p) => !p.prescription && p.quantity > 0);
    expect(chosen, 'no product without a prescription in stock on the first page');
    await expectStatus(api(base, 'GET', `/api/product/${chosen.id}`), 200, 'product');
    return chosen;
  });

  const { token } = await step('sign up', () =>
    expectStatus(
      api(base, 'POST', '/api/auth/signup', {
        body: {
          name: 'Quickstart Shopper',
          email: `quickstart-${randomBytes(4).toString('hex')}@example.com`,
          phoneNumber: '9876543210',
          password: 'shopper-pass',
          confirmPassword: 'shopper-pass',
        },
      }),
      201,
      'sign-up',
    ),
  );
  await step('add to the cart', () =>
    expectStatus(
      api(base, 'POST', '/api/cart', { token, body: { productId: product.id, quantity: 2 } }),
      200,
      'cart add',
    ),
  );
  const { orderId } = await step('place the order', () =>
    expectStatus(
      api(base, 'POST', '/api/order', { token, headers: { 'idempotency-key': randomUUID() } }),
      201,
      'place order',
    ),
  );
  await step('address it and pay cash on delivery', async () => {
    const { addressId } = await expectStatus(
      api(base, 'POST', '/api/user/saveAddress', {
        token,
        body: {
          name: 'Quickstart Shopper',
          phone: '9876543210',
          street: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          pinCode: '560001',
        },
      }),
      201,
      'save address',
    );
    await expectStatus(
      api(base, 'PUT', `/api/order/${orderId}`, { token, body: { addressId } }),
      200,
      'confirm address',
    );
    await expectStatus(
      api(base, 'PUT', `/api/order/${orderId}`, { token, body: { payment: 'Cash on Delivery' } }),
      200,
      'pay cash on delivery',
    );
  });
  await step('its GST invoice as a PDF', async () => {
    const res = await fetch(`${base}/api/order/${orderId}/invoice.pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.ok, `invoice answered ${res.status}`);
    expect(bytes.subarray(0, 5).toString() === '%PDF-', 'the invoice is not a PDF');
  });
  const admin = await step('the demo admin signs in and sees the order', async () => {
    const { token: adminToken } = await expectStatus(
      api(base, 'POST', '/api/auth/login', { body: DEMO_ADMIN }),
      200,
      'admin login',
    );
    const detail = await expectStatus(
      api(base, 'GET', `/api/order/getOrderDetail/${orderId}`, { token: adminToken }),
      200,
      'order detail',
    );
    expect(detail.orderDetails[0]?.quantity === 2, 'the order does not hold its line');
    return adminToken;
  });

  await step('stop and start again: the order is still there', async () => {
    await stop(server);
    server = npmStart();
    await waitForHealth(server);
    const detail = await expectStatus(
      api(base, 'GET', `/api/order/getOrderDetail/${orderId}`, { token: admin }),
      200,
      'order detail after the restart',
    );
    expect(detail.order.id === orderId, 'the order is gone after a restart');
  });
} catch (error) {
  failed = true;
  if (!steps.at(-1)?.startsWith('FAILED')) steps.push(`FAILED  ${String(error)}`);
} finally {
  await stop(server);
  if (failed) {
    console.log('\nnpm start output:');
    process.stdout.write(Buffer.concat(server.output).toString().slice(-4000));
  }
}
console.log(`\nQuick start on Node ${process.version}:\n  ${steps.join('\n  ')}`);
try {
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
} catch (error) {
  // A leftover temporary folder is not the quick start failing; say so and go on.
  console.log(`(could not remove ${dataDir}: ${error instanceof Error ? error.message : error})`);
}
process.exit(failed ? 1 : 0);
