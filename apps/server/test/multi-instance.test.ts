import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, PROVIDER, ROLE, addDays, utcDay } from '@pharmacy/shared';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import {
  cartItems,
  orderLineBatches,
  orderLines,
  orders,
  products,
  stockBatches,
  stockMovements,
  users,
} from '../src/db/schema/index';
import { LOGIN_LIMITS } from '../src/modules/auth/auth.service';
import { signSessionToken } from '../src/lib/tokens';
import { validAddress } from './factories';
import { storedFilesIn } from './support/data-dir';
import { startTestBucket, type TestBucket } from './support/s3';

/**
 * Issue 14 · several instances, proven: two server processes as `npm start` runs them, on one
 * PostgreSQL database and one S3 bucket, each with a data directory of its own (nothing may be
 * shared through a disk), requests sent to them in turn. PostgreSQL only: the embedded database
 * is for one process.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const JWT_SECRET = randomBytes(48).toString('base64url');
/** Per run: Redis keeps counters between runs, and this account's failed logins are counted. */
const ADMIN = {
  email: `pharmacist-${randomBytes(4).toString('hex')}@example.com`,
  password: 'multi-instance-admin',
};
const SIGNUP_LIMIT = 6;
/** The bound the README states for a change through one instance to show through another. */
const CROSS_INSTANCE_BOUND_MS = 1_000;
const SHOPPERS = 1_000;
const STOCK = 100;

interface Instance {
  base: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
}

function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        resolve({
          base: match[1].replace('localhost', '127.0.0.1'),
          child,
          dataDir,
          output: () => output,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  if (instance.child.exitCode === null && instance.child.signalCode === null) {
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    instance.child.kill('SIGTERM');
    await exited;
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of any route under test
  json: any;
  headers: Headers;
  body: Buffer;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: {
    token?: string;
    body?: unknown;
    form?: FormData;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: RequestInit['body'];
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body, redirect: 'follow' });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: res.status, json, headers: res.headers, body: bytes };
}

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const adminUrl = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_DRIVER === 'postgres' && Boolean(adminUrl);
/** The rate-limit store: the database by default, and Redis too when the runner has one (CI). */
const limitStores: Array<{ store: string; env: Record<string, string> }> = [
  { store: 'rate limits in PostgreSQL', env: {} },
  ...(process.env.TEST_REDIS_URL
    ? [{ store: 'rate limits in Redis', env: { REDIS_URL: process.env.TEST_REDIS_URL } }]
    : []),
];
/** A client address of its own for each limit test of each run (Redis outlives a run). */
const clientAddress = () =>
  `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`;

describe.runIf(onPostgres).each(limitStores)(
  'two instances on one PostgreSQL and one bucket, $store (PostgreSQL runs only)',
  ({ env: storeEnv }) => {
    let bucket: TestBucket;
    let databaseName: string;
    let databaseUrl: string;
    let database: DatabaseHandle;
    let a: Instance;
    let b: Instance;
    /** The two instances, in turn: even calls go to one, odd calls to the other. */
    const both = () => [a, b] as const;
    let admin: string;
    let taxonomy: { divisionId: number; manufacturerId: number; saltId: number };

    beforeAll(async () => {
      bucket = await startTestBucket();
      databaseName = `multi_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
      const adminClient = new pg.Client({ connectionString: adminUrl });
      await adminClient.connect();
      await adminClient.query(`CREATE DATABASE ${databaseName}`);
      await adminClient.end();
      const url = new URL(adminUrl as string);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
      const env = {
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        JWT_SECRET,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: 'false',
        PORT: '0',
        LOG_LEVEL: 'warn',
        // Each limit test speaks from an address of its own (X-Forwarded-For).
        TRUST_PROXY: 'true',
        SIGNUP_RATE_LIMIT: String(SIGNUP_LIMIT),
        // The defaults of a real shop: answers are cached, so invalidation has work to do.
        CATALOG_CACHE_SECONDS: '5',
        S3_ENDPOINT: bucket.config.endpoint ?? '',
        S3_BUCKET: bucket.config.bucket,
        S3_REGION: bucket.config.region,
        S3_ACCESS_KEY_ID: bucket.config.accessKeyId,
        S3_SECRET_ACCESS_KEY: bucket.config.secretAccessKey,
        SMTP_URL: '',
        ...storeEnv,
      };
      // Both at once on an empty database: migrations and the admin account must not collide.
      [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
      database = await openDatabase({ databaseUrl, dataDir: '', migrate: false });

      const login = await call(a.base, 'POST', '/api/auth/login', { body: ADMIN });
      expect(login.status, JSON.stringify(login.json)).toBe(200);
      admin = login.json.token;
      const division = new FormData();
      division.append('name', 'Multi division');
      division.append(
        'image',
        new Blob([new Uint8Array(await picture(120, 120, '#e76f51'))], { type: 'image/png' }),
        'division.png',
      );
      const created = await Promise.all([
        call(b.base, 'POST', '/api/division', { token: admin, form: division }),
        call(a.base, 'POST', '/api/manufacturer', { token: admin, body: { name: 'Multi Labs' } }),
        call(b.base, 'POST', '/api/saltComposition', {
          token: admin,
          body: { name: 'Multi salt' },
        }),
      ]);
      for (const res of created) expect(res.status, JSON.stringify(res.json)).toBe(201);
      taxonomy = {
        divisionId: created[0].json.id,
        manufacturerId: created[1].json.id,
        saltId: created[2].json.id,
      };
    }, 180_000);

    afterAll(async () => {
      await Promise.all([stopInstance(a), stopInstance(b)]);
      await database?.close();
      if (databaseName) {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
        await cleanup.end();
      }
      await bucket?.stop();
    }, 60_000);

    const productForm = (fields: Record<string, string>, image?: Buffer) => {
      const form = new FormData();
      const all = {
        name: `Multi ${randomBytes(3).toString('hex')} Tablet`,
        maximumRetailPrice: '120',
        offerPrice: '100',
        divisionId: String(taxonomy.divisionId),
        manufacturerId: String(taxonomy.manufacturerId),
        saltCompositionId: String(taxonomy.saltId),
        ...fields,
      };
      for (const [key, value] of Object.entries(all)) form.append(key, value);
      if (image)
        form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'pack.png');
      return form;
    };

    async function createProduct(via: Instance, fields: Record<string, string>, image?: Buffer) {
      // The quantity arrives as the product's first batch.
      const opening = { quantity: '50', batchNumber: 'MI-1', expiryDate: addDays(utcDay(), 400) };
      fields = { ...opening, ...fields };
      const res = await call(via.base, 'POST', '/api/product', {
        token: admin,
        form: productForm(fields, image),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.id as number;
    }

    /** Members inserted at once (one password hash), with tokens signed by the shared secret. */
    async function createShoppers(count: number, tag: string) {
      const rows = await database.db
        .insert(users)
        .values(
          Array.from({ length: count }, (_, i) => ({
            name: `Shopper ${tag} ${i}`,
            email: `shopper-${tag}-${i}@example.com`,
            phoneNumber: '9876543210',
            passwordHash: 'not-used-tokens-are-signed',
            roleId: ROLE.MEMBER,
            providerName: PROVIDER.EMAIL,
          })),
        )
        .returning({ id: users.id, roleId: users.roleId, tokenVersion: users.tokenVersion });
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          token: await signSessionToken(JWT_SECRET, {
            userId: row.id,
            roleId: row.roleId,
            tokenVersion: row.tokenVersion,
          }),
        })),
      );
    }

    it('both are ready, on PostgreSQL and the bucket', async () => {
      for (const instance of both()) {
        const res = await call(instance.base, 'GET', '/api/health/ready');
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ database: 'postgres', storage: 's3' });
      }
    });

    it('serves through one instance the image uploaded through the other, from the bucket', async () => {
      const pack = await picture(640, 480, '#2a9d8f');
      const id = await createProduct(a, {}, pack);
      const product = await call(b.base, 'GET', `/api/product/${id}`);
      expect(product.status).toBe(200);
      const [image] = product.json.images as Array<{ url: string; variants?: { url: string }[] }>;
      expect(image?.variants?.length).toBeGreaterThan(0);
      for (const url of [image?.url ?? '', ...(image?.variants ?? []).map((v) => v.url)]) {
        const redirect = await fetch(`${b.base}${url}`, { redirect: 'manual' });
        expect(redirect.status, url).toBe(302);
        expect(redirect.headers.get('location')).toMatch(new RegExp(`^${bucket.origin}/`));
        const served = await call(b.base, 'GET', url);
        expect(served.status, url).toBe(200);
        expect(served.body.equals(await bucket.read(url.replace(/^\//, ''))), url).toBe(true);
      }
      const original = await call(b.base, 'GET', image?.url ?? '');
      expect(original.body.equals(pack)).toBe(true);
      expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // Nothing of it on either instance's disk.
      expect([...storedFilesIn(a.dataDir), ...storedFilesIn(b.dataDir)]).toEqual([]);
    });

    it('lets the owner read through one instance the prescription sent through the other, and no one else', async () => {
      const [owner, stranger] = await createShoppers(2, `rx${randomBytes(2).toString('hex')}`);
      if (!owner || !stranger) throw new Error('no shoppers');
      const productId = await createProduct(a, { prescription: 'true' });
      const cart = await call(a.base, 'POST', '/api/cart', {
        token: owner.token,
        body: { productId, quantity: 1 },
      });
      expect(cart.status, JSON.stringify(cart.json)).toBe(200);
      const placed = await call(b.base, 'POST', '/api/order', { token: owner.token });
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      const orderId = placed.json.orderId as number;
      const address = await call(a.base, 'POST', '/api/user/saveAddress', {
        token: owner.token,
        body: validAddress,
      });
      expect(address.status, JSON.stringify(address.json)).toBe(201);
      const confirmed = await call(b.base, 'PUT', `/api/order/${orderId}`, {
        token: owner.token,
        body: { addressId: address.json.addressId },
      });
      expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
      expect(confirmed.json.order.statusId).toBe(ORDER_STATUS.COLLECTING_PRESCRIPTION);

      const scan = await picture(300, 400, '#ffffff');
      const form = new FormData();
      form.append('comment', 'from instance A');
      form.append('image', new Blob([new Uint8Array(scan)], { type: 'image/png' }), 'rx.png');
      const upload = await call(a.base, 'POST', `/api/order/uploadOrderPrescriptions/${orderId}`, {
        token: owner.token,
        form,
      });
      expect(upload.status, JSON.stringify(upload.json)).toBe(200);

      const listed = await call(b.base, 'GET', `/api/order/${orderId}/prescriptions`, {
        token: owner.token,
      });
      expect(listed.status).toBe(200);
      const fileId = listed.json.prescriptions[0].files[0].id as number;
      const url = `/api/prescription-file/${fileId}`;
      const mine = await call(b.base, 'GET', url, { token: owner.token });
      expect(mine.status).toBe(200);
      expect(mine.body.equals(scan)).toBe(true);
      expect(mine.headers.get('cache-control')).toBe('private, no-store');
      expect((await call(a.base, 'GET', url, { token: owner.token })).body.equals(scan)).toBe(true);
      for (const instance of both()) {
        expect((await call(instance.base, 'GET', url, { token: stranger.token })).status).toBe(404);
        expect((await call(instance.base, 'GET', url)).status).toBe(401);
      }
      const keys = (await bucket.objects()).map((o) => o.key);
      expect(keys.filter((k) => k.startsWith('private/prescriptions/'))).toHaveLength(1);
      expect([...storedFilesIn(a.dataDir), ...storedFilesIn(b.dataDir)]).toEqual([]);
    });

    it(`shows a price change made through one instance through the other within ${CROSS_INSTANCE_BOUND_MS} ms`, async () => {
      const id = await createProduct(a, { offerPrice: '100', maximumRetailPrice: '120' });
      const firstPage = '/api/product/all?page=1&limit=12';
      // Warm B's caches: the anonymous answer and the listing count are now held for seconds.
      for (let i = 0; i < 3; i++) {
        expect((await call(b.base, 'GET', `/api/product/${id}`)).json.offerPrice).toBe(100);
        await call(b.base, 'GET', firstPage);
      }
      const totalBefore = (await call(b.base, 'GET', firstPage)).json.pagination;

      const product = (await call(a.base, 'GET', `/api/product/${id}`, { token: admin })).json;
      const edit = productForm({
        name: product.name,
        offerPrice: '87.50',
        keepImageUrls: '',
      });
      const changedAt = Date.now();
      const patched = await call(a.base, 'PATCH', `/api/product/${id}`, {
        token: admin,
        form: edit,
      });
      expect(patched.status, JSON.stringify(patched.json)).toBe(200);
      let seenAfter = -1;
      while (Date.now() - changedAt < 10_000) {
        const res = await call(b.base, 'GET', `/api/product/${id}`);
        if (res.json.offerPrice === 87.5) {
          seenAfter = Date.now() - changedAt;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      console.warn(
        `multi-instance: price change visible through the other instance after ${seenAfter} ms`,
      );
      expect(seenAfter).toBeGreaterThanOrEqual(0);
      expect(seenAfter).toBeLessThan(CROSS_INSTANCE_BOUND_MS);

      // A new product made through A is counted by B's listing within the same bound.
      const addedAt = Date.now();
      await createProduct(a, {});
      let counted = -1;
      while (Date.now() - addedAt < 10_000) {
        const page = (await call(b.base, 'GET', firstPage)).json.pagination;
        if (JSON.stringify(page) !== JSON.stringify(totalBefore)) {
          counted = Date.now() - addedAt;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(counted).toBeGreaterThanOrEqual(0);
      expect(counted).toBeLessThan(CROSS_INSTANCE_BOUND_MS + 500);
    });

    /** Sends `attempts` requests alternately to A and B from one client address. */
    async function alternate(
      attempts: number,
      send: (instance: Instance, i: number) => Promise<Answer>,
    ) {
      const statuses: number[] = [];
      for (let i = 0; i < attempts; i++) statuses.push((await send(i % 2 === 0 ? a : b, i)).status);
      return statuses;
    }
    const from = (address: string) => ({ 'x-forwarded-for': address });

    it(`holds the sign-up limit (${SIGNUP_LIMIT} a minute) across both instances`, async () => {
      const tag = randomBytes(3).toString('hex');
      const signupClient = clientAddress();
      const statuses = await alternate(SIGNUP_LIMIT + 2, (instance, i) =>
        call(instance.base, 'POST', '/api/auth/signup', {
          headers: from(signupClient),
          body: {
            name: `Limit ${i}`,
            email: `limit-${tag}-${i}@example.com`,
            phoneNumber: '9876543210',
            password: 'limit-pass',
            confirmPassword: 'limit-pass',
          },
        }),
      );
      expect(statuses).toEqual([...Array<number>(SIGNUP_LIMIT).fill(201), 429, 429]);
    });

    it(`holds the wrong-password limit (${LOGIN_LIMITS.perEmail} per address) across both instances`, async () => {
      // A different client address for each try: only the per-account count can stop them.
      const statuses = await alternate(LOGIN_LIMITS.perEmail + 2, (instance) =>
        call(instance.base, 'POST', '/api/auth/login', {
          headers: from(clientAddress()),
          body: { email: ADMIN.email, password: 'wrong-password' },
        }),
      );
      expect(statuses).toEqual([...Array<number>(LOGIN_LIMITS.perEmail).fill(400), 429, 429]);
      // The right password is refused too while the account is locked, on both.
      for (const instance of both()) {
        const res = await call(instance.base, 'POST', '/api/auth/login', {
          headers: from(clientAddress()),
          body: ADMIN,
        });
        expect(res.status).toBe(429);
      }
    });

    it('holds the password-reset limit (5 a minute) across both instances', async () => {
      const resetClient = clientAddress();
      const statuses = await alternate(7, (instance) =>
        call(instance.base, 'POST', '/api/auth/forgot-password', {
          headers: from(resetClient),
          body: { email: 'nobody@example.com' },
        }),
      );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    });

    it(`sells exactly ${STOCK} units to ${SHOPPERS} simultaneous orders split across both`, async () => {
      const productId = await createProduct(b, { quantity: String(STOCK) });
      const shoppers = await createShoppers(SHOPPERS, `rush${randomBytes(2).toString('hex')}`);
      await database.db
        .insert(cartItems)
        .values(shoppers.map((s) => ({ userId: s.id, productId, count: 1 })));
      const results = await Promise.all(
        shoppers.map((shopper, i) =>
          call(i % 2 === 0 ? a.base : b.base, 'POST', '/api/order', { token: shopper.token }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(STOCK);
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
      // Both instances sold some of them.
      const wonBy = (parity: number) =>
        results.filter((r, i) => r.status === 201 && i % 2 === parity).length;
      expect(wonBy(0)).toBeGreaterThan(0);
      expect(wonBy(1)).toBeGreaterThan(0);

      const [product] = await database.db
        .select({ quantity: products.quantity, unitsSold: products.unitsSold })
        .from(products)
        .where(eq(products.id, productId));
      const [sold] = await database.db
        .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            eq(orderLines.productId, productId),
            sql`${orders.statusId} <> ${ORDER_STATUS.CANCELLED}`,
          ),
        );
      expect(product).toEqual({ quantity: 0, unitsSold: STOCK });
      expect(sold?.units).toBe(STOCK);
      // Every unit left its batch with a ledger row, and the batch holds what the ledger says.
      const [batch] = await database.db
        .select({
          onHand: stockBatches.onHand,
          ledger: sql<number>`(select coalesce(sum(${stockMovements.units}), 0)::int from ${stockMovements} where ${stockMovements.batchId} = ${stockBatches.id})`,
          allocated: sql<number>`(select coalesce(sum(${orderLineBatches.units}), 0)::int from ${orderLineBatches} where ${orderLineBatches.batchId} = ${stockBatches.id})`,
        })
        .from(stockBatches)
        .innerJoin(products, eq(products.id, stockBatches.productId))
        .where(eq(stockBatches.productId, productId));
      expect(batch).toEqual({ onHand: 0, ledger: 0, allocated: STOCK });
      const kept = await database.db
        .select({ id: cartItems.id })
        .from(cartItems)
        .where(
          and(
            eq(cartItems.productId, productId),
            inArray(
              cartItems.userId,
              shoppers.map((s) => s.id),
            ),
          ),
        );
      expect(kept).toHaveLength(SHOPPERS - STOCK);
    }, 120_000);

    it('keeps nothing on either instance disk: every file is in the bucket', () => {
      expect([...storedFilesIn(a.dataDir), ...storedFilesIn(b.dataDir)]).toEqual([]);
    });
  },
);
