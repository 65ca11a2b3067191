import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, type CatalogImage } from '@pharmacy/shared';
import { divisions, prescriptionFiles, productImages } from '../src/db/schema/index';
import { CATALOG_IMAGE_PREFIX, seedDemoCatalogue } from '../src/db/seed/seed-demo';
import { createS3Storage } from '../src/lib/storage/s3';
import {
  createBasics,
  productEditFields,
  productFormFields,
  type CatalogBasics,
} from './catalog-factories';
import { createAdmin, multipart, type TestUser } from './factories';
import { buildTestApp, createTestDatabase, testDriver, type TestApp } from './helpers';
import { createWorld, insertOrder, type World } from './security/support/world';
import { storedFilesIn } from './support/data-dir';
import { startTestBucket, verifyPresignedGet, type TestBucket } from './support/s3';

/**
 * Issue 14 · files in an S3 bucket: with the S3 settings, catalogue images (and their variants),
 * division images and prescriptions go to the bucket and nothing to DATA_DIR; browsers read public
 * images from the bucket through a redirect, never through this process; prescriptions stay under
 * `private/`, read only by the app after its access check. Against a real S3-compatible server
 * (s3rver, in a process of its own; it checks neither signatures nor ACLs, so presigned URLs are
 * checked here, and privacy by what the app gives out).
 */

/** A photo-like PNG (a gradient), so sharp has pixels to resize. */
async function makePng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const pixel = i / 3;
    raw[i] = (pixel % width) % 256;
    raw[i + 1] = Math.floor(pixel / width) % 256;
    raw[i + 2] = 77;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The object key of a public URL: /uploads/products/x.png → uploads/products/x.png. */
const keyOf = (url: string) => url.replace(/^\//, '');
const filesOf = (image: CatalogImage) => [image.url, ...(image.variants ?? []).map((v) => v.url)];
const header = (value: string | string[] | number | undefined) =>
  Array.isArray(value) ? value.join(', ') : String(value ?? '');

/** The sources of the CSP's img-src directive. */
function imgSrc(csp: string | string[] | number | undefined): string[] {
  const directive = header(csp)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('img-src '));
  return directive?.split(/\s+/).slice(1) ?? [];
}

function maxAgeOf(cacheControl: string | string[] | number | undefined): number {
  const match = /^public, max-age=(\d+)$/.exec(header(cacheControl));
  if (!match) throw new Error(`unexpected cache-control: ${header(cacheControl)}`);
  return Number(match[1]);
}

/** The whole answer as text, to look for what must never be in it. */
const answerText = (res: { headers: Record<string, unknown>; body: string }) =>
  `${JSON.stringify(res.headers)}\n${res.body}`;

async function createProduct(
  t: TestApp,
  admin: TestUser,
  basics: CatalogBasics,
  name: string,
  images: Buffer[],
) {
  const body = await multipart(
    productFormFields(basics, name),
    images.map((content, i) => ({
      field: 'image',
      name: `pack-${i}.png`,
      type: 'image/png',
      content,
    })),
  );
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/product',
    payload: body.payload,
    headers: { ...body.headers, ...admin.auth },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: number }>().id;
  const product = (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json();
  return { id, images: product.images as CatalogImage[] };
}

describe(`file storage on an S3 bucket (${testDriver})`, () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket();
  });
  afterAll(async () => bucket?.stop());

  const keys = async () => (await bucket.objects()).map((o) => o.key);

  describe('with presigned redirects (no S3_PUBLIC_URL)', () => {
    let t: TestApp;
    let w: World;
    beforeAll(async () => {
      t = await buildTestApp({ s3: bucket.config });
      w = await createWorld(t);
    });
    afterAll(async () => t?.close());

    const create = (name: string, images: Buffer[]) =>
      createProduct(t, w.owner, w.basics, name, images);

    it('runs the app on the bucket', () => {
      expect(t.app.storage.kind).toBe('s3');
    });

    it('keeps a product image and its WebP variants in the bucket, nothing in DATA_DIR', async () => {
      const png = await makePng(1000, 600);
      const { images } = await create('Bucket Tablet', [png]);
      const [image] = images;
      expect(image?.url).toMatch(/^\/uploads\/products\/[0-9a-z]+-[0-9a-f]{24}\.png$/);
      expect(image?.variants?.map((v) => v.width)).toEqual([240, 480, 960]);
      const objects = await bucket.objects();
      const original = objects.find((o) => o.key === keyOf(image?.url ?? ''));
      expect(original).toEqual({ key: keyOf(image?.url ?? ''), size: png.length });
      expect((await bucket.read(original?.key ?? '')).equals(png)).toBe(true);
      for (const variant of image?.variants ?? []) {
        expect(variant.url).toMatch(/^\/uploads\/products\/[0-9a-z]+-[0-9a-f]{24}-\d+w\.webp$/);
        const bytes = await bucket.read(keyOf(variant.url));
        expect(await sharp(bytes).metadata()).toMatchObject({
          format: 'webp',
          width: variant.width,
        });
      }
      // Every object is either public (uploads/) or private (private/); DATA_DIR holds none.
      expect(objects.filter((o) => !/^(uploads|private)\//.test(o.key))).toEqual([]);
      expect(storedFilesIn(t.config.dataDir)).toEqual([]);
    });

    it('answers an image URL with a 302 to a presigned bucket URL serving the same bytes', async () => {
      const png = await makePng(600, 400);
      const [image] = (await create('Redirect Tablet', [png])).images;
      const url = image?.url ?? '';

      const hourWindow = () => Math.floor(Date.now() / 3_600_000);
      const windowBefore = hourWindow();
      const requestedAt = Math.floor(Date.now() / 1000);
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(302);
      const location = header(first.headers.location);
      expect(location.startsWith(`${bucket.origin}/${bucket.config.bucket}/${keyOf(url)}?`)).toBe(
        true,
      );
      expect(location).toContain('X-Amz-Signature=');
      // The redirect is cached publicly, at most until the end of its signing window (one hour).
      const maxAge = maxAgeOf(first.headers['cache-control']);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(3600);
      // No image byte passes through the app.
      expect(first.rawPayload.length).toBeLessThan(png.length);

      // Stable within the window: the same URL again (so browsers and proxies reuse the image).
      const second = await t.app.inject({ method: 'GET', url });
      expect(second.statusCode).toBe(302);
      // (Unless the hour turned between the two, which would rightly give a new URL.)
      if (hourWindow() === windowBefore) {
        expect(second.headers.location).toBe(location);
        expect(maxAgeOf(second.headers['cache-control'])).toBeLessThanOrEqual(maxAge);
      }

      const served = await fetch(location);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

      // A valid SigV4 signature (s3rver does not check it; S3 would), made at the start of the
      // hour window and valid at least as long as the redirect may be kept.
      const presigned = verifyPresignedGet(location, bucket.config, bucket.config.region);
      expect(presigned.signatureValid).toBe(true);
      expect(presigned.signedAt.getTime() % 3_600_000).toBe(0);
      expect(
        presigned.signedAt.getTime() / 1000 + presigned.expiresInSeconds,
      ).toBeGreaterThanOrEqual(requestedAt + maxAge);
      // The check does tell a wrong signature.
      const tampered = location.replace(
        /(X-Amz-Signature=)([0-9a-f])/,
        (_m, name: string, c) => `${name}${c === '0' ? '1' : '0'}`,
      );
      expect(tampered).not.toBe(location);
      expect(verifyPresignedGet(tampered, bucket.config, bucket.config.region).signatureValid).toBe(
        false,
      );

      // A variant likewise, as WebP.
      const variant = image?.variants?.[0];
      const redirect = await t.app.inject({ method: 'GET', url: variant?.url ?? '' });
      expect(redirect.statusCode).toBe(302);
      const webp = await fetch(header(redirect.headers.location));
      expect(webp.status).toBe(200);
      expect(webp.headers.get('content-type')).toBe('image/webp');
      expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({
        format: 'webp',
        width: variant?.width,
      });
    });

    it('removes the objects of an image dropped in an edit and of a deleted product', async () => {
      const { id, images } = await create('Removed Tablet', [
        await makePng(500, 500),
        await makePng(300, 300),
      ]);
      const [kept, dropped] = images as [CatalogImage, CatalogImage];
      const keptKeys = filesOf(kept).map(keyOf);
      const droppedKeys = filesOf(dropped).map(keyOf);
      expect(droppedKeys.length).toBeGreaterThan(1);
      expect(await keys()).toEqual(expect.arrayContaining([...keptKeys, ...droppedKeys]));

      const body = await multipart({
        ...productEditFields(w.basics, 'Removed Tablet'),
        keepImageUrls: kept.url,
      });
      const updated = await t.app.inject({
        method: 'PATCH',
        url: `/api/product/${id}`,
        payload: body.payload,
        headers: { ...body.headers, ...w.owner.auth },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      let now = await keys();
      expect(now.filter((key) => droppedKeys.includes(key))).toEqual([]);
      expect(now).toEqual(expect.arrayContaining(keptKeys));

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/product/${id}`,
        headers: w.owner.auth,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      now = await keys();
      expect(now.filter((key) => keptKeys.includes(key))).toEqual([]);
      // The old URL still redirects (the app does not ask the bucket), to nothing.
      const stale = await t.app.inject({ method: 'GET', url: kept.url });
      expect(stale.statusCode).toBe(302);
      expect((await fetch(header(stale.headers.location))).status).toBe(404);
    });

    it('keeps a division image in the bucket, redirects to it, replaces and removes it', async () => {
      const png = await makePng(800, 400);
      const created = await multipart({ name: 'Bucket Care' }, [
        { field: 'image', name: 'division.png', type: 'image/png', content: png },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/division',
        payload: created.payload,
        headers: { ...created.headers, ...w.owner.auth },
      });
      expect(res.statusCode, res.body).toBe(201);
      const divisionId = res.json<{ id: number }>().id;
      const imageOf = async () =>
        (
          (await t.app.inject({ method: 'GET', url: '/api/division/all' })).json()
            .divisionList as Array<{
            id: number;
            images: CatalogImage | null;
          }>
        ).find((d) => d.id === divisionId)?.images;
      const image = (await imageOf()) as CatalogImage;
      expect(image.url).toMatch(/^\/uploads\/divisions\/[0-9a-z]+-[0-9a-f]{24}\.png$/);
      expect(image.variants?.map((v) => v.width)).toEqual([240, 480, 800]);
      const firstKeys = filesOf(image).map(keyOf);
      expect(await keys()).toEqual(expect.arrayContaining(firstKeys));
      expect(storedFilesIn(t.config.dataDir)).toEqual([]);

      const redirect = await t.app.inject({ method: 'GET', url: image.url });
      expect(redirect.statusCode).toBe(302);
      const served = await fetch(header(redirect.headers.location));
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

      // A new image replaces the old one, whose objects go.
      const replacement = await multipart({ name: 'Bucket Care' }, [
        { field: 'image', name: 'new.png', type: 'image/png', content: await makePng(300, 200) },
      ]);
      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/division/${divisionId}`,
        payload: replacement.payload,
        headers: { ...replacement.headers, ...w.owner.auth },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const next = (await imageOf()) as CatalogImage;
      const nextKeys = filesOf(next).map(keyOf);
      let now = await keys();
      expect(now.filter((key) => firstKeys.includes(key))).toEqual([]);
      expect(now).toEqual(expect.arrayContaining(nextKeys));

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/division/${divisionId}`,
        headers: w.owner.auth,
      });
      expect(removed.statusCode, removed.body).toBe(200);
      now = await keys();
      expect(now.filter((key) => nextKeys.includes(key))).toEqual([]);
    });

    it('answers 404, never a redirect, for a path outside the safe pattern', async () => {
      for (const url of [
        '/uploads/../private/x.png',
        '/uploads/%2e%2e/private/x.png',
        '/uploads/products/UPPER.png',
        '/uploads/products/a%2F..%2Fb.png',
        '/uploads/products/../../private/prescriptions/x.png',
        '/uploads/products/nested/x.png',
        '/uploads/products/.png',
        '/uploads/products/x',
        '/uploads/products/',
        '/uploads/x.png',
        '/uploads/',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers.location, url).toBeUndefined();
        expect(res.body, url).not.toContain(bucket.origin);
      }
    });

    it('adds the bucket to the CSP img-src', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      const sources = imgSrc(res.headers['content-security-policy']);
      expect(sources).toContain("'self'");
      expect(sources).toContain(bucket.origin);
    });

    it('keeps a prescription under private/ in the bucket, read only through the checked route', async () => {
      const orderId = await insertOrder(t.database.db, w.memberA.id, {
        statusId: ORDER_STATUS.COLLECTING_PRESCRIPTION,
        productId: w.rxProductId,
        prescription: true,
        addressId: w.addressA,
      });
      const content = await makePng(300, 400);
      const form = await multipart({ comment: 'on the bucket' }, [
        { field: 'image', name: 'Bucket prescription.png', type: 'image/png', content },
      ]);
      const answers: Array<{ headers: Record<string, unknown>; body: string }> = [];
      const call = async (request: InjectOptions) => {
        const res = await t.app.inject(request);
        answers.push(res);
        return res;
      };

      const uploaded = await call({
        method: 'POST',
        url: `/api/order/uploadOrderPrescriptions/${orderId}`,
        payload: form.payload,
        headers: { ...form.headers, ...w.memberA.auth },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(prescriptionFiles)
        .where(eq(prescriptionFiles.originalName, 'Bucket prescription.png'));
      const key = row?.storageKey ?? '';
      expect(key).toMatch(/^prescriptions\/[0-9a-z]+-[0-9a-f]{24}\.png$/);
      const objectKey = `private/${key}`;
      const name = key.slice('prescriptions/'.length);
      // One object, under private/, with the bytes sent; nothing on disk.
      const objects = await bucket.objects();
      expect(objects.filter((o) => o.key.includes(name))).toEqual([
        { key: objectKey, size: content.length },
      ]);
      expect((await bucket.read(objectKey)).equals(content)).toBe(true);
      expect(storedFilesIn(t.config.dataDir)).toEqual([]);

      // The order's list gives the app's route, not a bucket address.
      const listed = await call({
        method: 'GET',
        url: `/api/order/${orderId}/prescriptions`,
        headers: w.memberA.auth,
      });
      expect(listed.statusCode).toBe(200);
      const fileUrl = `/api/prescription-file/${row?.id}`;
      expect(
        listed.json<{ prescriptions: Array<{ files: Array<{ url: string }> }> }>().prescriptions[0]
          ?.files,
      ).toEqual([expect.objectContaining({ url: fileUrl })]);

      // The owner and an admin get the bytes from the app; another customer 404, nobody 401.
      for (const who of [w.memberA, w.owner]) {
        const res = await call({ method: 'GET', url: fileUrl, headers: who.auth });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(content)).toBe(true);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(header(res.headers['content-disposition'])).toMatch(/^attachment;/);
      }
      expect(
        (await call({ method: 'GET', url: fileUrl, headers: w.memberB.auth })).statusCode,
      ).toBe(404);
      expect((await call({ method: 'GET', url: fileUrl })).statusCode).toBe(401);

      // No /uploads/ URL leads to it: the safe pattern refuses every way to private/, and the
      // one URL it lets through points at uploads/prescriptions/<name>, which does not exist.
      for (const url of [
        `/uploads/../private/${key}`,
        `/uploads/private/${key}`,
        `/private/${key}`,
        `/${objectKey}`,
      ]) {
        // (Not recorded in `answers`: a 404 names the path asked for, which holds the key.)
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers.location, url).toBeUndefined();
        expect(res.body, url).not.toContain(bucket.origin);
      }
      const lookalike = await call({ method: 'GET', url: `/uploads/${key}` });
      expect(lookalike.statusCode).toBe(302);
      const location = header(lookalike.headers.location);
      expect(location).not.toContain('private/');
      const fetched = await fetch(location);
      expect(fetched.status).toBe(404);
      expect(Buffer.from(await fetched.arrayBuffer()).includes(content)).toBe(false);

      // No answer to these requests names the private object, let alone with the bucket's address.
      for (const answer of answers) {
        expect(answerText(answer)).not.toContain(objectKey);
        expect(answerText(answer)).not.toContain(`${bucket.config.bucket}/private`);
      }
    });

    it('answers /api/health with the bucket reachable', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', storage: 's3' });
    });

    it('reports an unreachable bucket on /api/health/ready, not on /api/health/live', async () => {
      // A bucket of its own, stopped here without harming the other tests.
      const own = await startTestBucket();
      const other = await buildTestApp({ s3: own.config });
      try {
        const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode, ready.body).toBe(200);
        await own.stop();
        const down = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(down.statusCode, down.body).toBe(503);
        expect(down.json<{ message: string }>().message).toContain('file storage');
        expect(down.body).not.toContain(own.origin);
        // Liveness does not depend on the bucket.
        const live = await other.app.inject({ method: 'GET', url: '/api/health/live' });
        expect(live.statusCode, live.body).toBe(200);
      } finally {
        await other.close();
        await own.stop();
      }
    });
  });

  describe('with S3_PUBLIC_URL (a CDN in front of the bucket)', () => {
    const cdn = 'https://cdn.example.com/shop';
    let t: TestApp;
    let admin: TestUser;
    let basics: CatalogBasics;
    beforeAll(async () => {
      t = await buildTestApp({ s3: { ...bucket.config, publicUrl: cdn } });
      admin = await createAdmin(t);
      basics = await createBasics(t.database.db);
    });
    afterAll(async () => t?.close());

    it('answers an image URL with a 301 to the public address, cached for good', async () => {
      const png = await makePng(500, 300);
      const [image] = (await createProduct(t, admin, basics, 'CDN Tablet', [png])).images;
      for (const url of filesOf(image as CatalogImage)) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(301);
        expect(res.headers.location).toBe(`${cdn}/${keyOf(url)}`);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000');
      }
      // The object the CDN would read is in the bucket, under the same key.
      expect((await bucket.read(keyOf(image?.url ?? ''))).equals(png)).toBe(true);
      expect(storedFilesIn(t.config.dataDir)).toEqual([]);
    });

    it('puts the public address, not the bucket, in the CSP img-src', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      const sources = imgSrc(res.headers['content-security-policy']);
      expect(sources).toContain('https://cdn.example.com');
      expect(sources).not.toContain(bucket.origin);
    });
  });

  describe('on AWS itself (no S3_ENDPOINT)', () => {
    // Presigning needs no network: the URL the app would give out is compared with the CSP.
    it.each([
      ['shop-images', 'ap-south-1'],
      ['shop', 'us-east-1'],
      // A valid bucket name with dots: the SDK signs it path-style (a virtual host name with dots
      // would not match S3's TLS certificate), at https://s3.<region>.amazonaws.com/<bucket>/.
      ['images.shop.example', 'eu-west-1'],
    ])('lets the CSP img-src load the presigned URLs of bucket %s (%s)', async (name, region) => {
      const storage = await createS3Storage({
        endpoint: undefined,
        bucket: name,
        region,
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        publicUrl: undefined,
      });
      try {
        const { location } = await (storage.publicLocation?.('/uploads/products/a-1.png') ??
          Promise.reject(new Error('no publicLocation')));
        expect(location).toContain('/uploads/products/a-1.png?');
        expect(storage.imageOrigins).toContain(new URL(location).origin);
      } finally {
        await storage.close();
      }
    });
  });

  describe('demo seed', () => {
    it('puts every demo image in the bucket under uploads/catalog/', async () => {
      const database = await createTestDatabase();
      const storage = await createS3Storage(bucket.config);
      try {
        const prefix = `${keyOf(CATALOG_IMAGE_PREFIX)}/`;
        expect((await keys()).filter((key) => key.startsWith(prefix))).toEqual([]);
        const result = await seedDemoCatalogue(database.db, { storage });
        expect(result.seeded).toBe(true);

        const productUrls = (
          await database.db.select({ url: productImages.url }).from(productImages)
        ).map((r) => r.url);
        const divisionUrls = (
          await database.db.select({ url: divisions.imageUrl }).from(divisions)
        ).map((r) => r.url ?? '');
        expect(productUrls.length).toBe(result.products);
        const wanted = [...new Set([...productUrls, ...divisionUrls].map(keyOf))].sort();
        expect(wanted.every((key) => key.startsWith(prefix))).toBe(true);

        // Read 50 keys a page, so the listing's continuation is exercised too.
        const objects = (await bucket.objects(50)).filter((o) => o.key.startsWith(prefix));
        expect(objects.map((o) => o.key)).toEqual(wanted);
        expect(objects.every((o) => o.size > 0)).toBe(true);
        expect(await bucket.objects(50)).toEqual(await bucket.objects());

        const { location } = await (storage.publicLocation?.(divisionUrls[0] ?? '') ??
          Promise.reject(new Error('no publicLocation')));
        const served = await fetch(location);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/svg+xml');
        expect(await served.text()).toContain('<svg');
      } finally {
        await storage.close();
        await database.destroy();
      }
    });
  });
});
