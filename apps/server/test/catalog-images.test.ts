import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogImage } from '@pharmacy/shared';
import {
  createBasics,
  productEditFields,
  productFormFields,
  type CatalogBasics,
} from './catalog-factories';
import { createAdmin, multipart, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/** A real photo-like image: a gradient, so the encoder has pixels to work on. */
async function makeImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg',
  orientation?: number,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const pixel = i / 3;
    raw[i] = (pixel % width) % 256;
    raw[i + 1] = Math.floor(pixel / width) % 256;
    raw[i + 2] = 128;
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (format === 'png') return image.png().toBuffer();
  return image
    .jpeg()
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();
}

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
  bytes.subarray(8, 12).toString('latin1') === 'WEBP';

describe(`catalogue image variants (${testDriver})`, () => {
  let t: TestApp;
  let basics: CatalogBasics;
  let admin: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    basics = await createBasics(t.database.db);
    admin = await createAdmin(t);
  });
  afterAll(async () => t.close());

  const form = (name: string) => productFormFields(basics, name);

  async function createWith(
    name: string,
    files: Array<{ name: string; type: string; content: Buffer }>,
  ) {
    const body = await multipart(
      form(name),
      files.map((file) => ({ field: 'image', ...file })),
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const product = (await t.app.inject({ method: 'GET', url: `/api/product/${id}` })).json();
    return { id, images: product.images as CatalogImage[] };
  }

  const onDisk = (url: string) => path.join(t.config.dataDir, url);

  it('stores 240, 480 and 960 px WebP variants of a 1600 × 1200 PNG, served for good', async () => {
    const png = await makeImage(1600, 1200, 'png');
    const { id, images } = await createWith('Variant Tablet', [
      { name: 'pack.png', type: 'image/png', content: png },
    ]);
    const [image] = images;
    expect(image).toMatchObject({ width: 1600, height: 1200 });
    expect(image?.url).toMatch(/^\/uploads\/products\/[a-z0-9-]+\.png$/);
    expect(image?.variants?.map((v) => v.width)).toEqual([240, 480, 960]);
    for (const variant of image?.variants ?? []) {
      expect(variant.url).toMatch(/^\/uploads\/products\/[a-z0-9-]+-\d+w\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      expect(isWebp(served.rawPayload)).toBe(true);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: variant.width });
      expect(metadata.height).toBe(Math.round((variant.width * 1200) / 1600));
    }
    // The original is kept byte for byte.
    expect(readFileSync(onDisk(image?.url ?? '')).equals(png)).toBe(true);

    // The listing's card answer carries the same first image.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/product/all' })).json()
      .productList as Array<{ id: number; images: CatalogImage[] }>;
    expect(listed.find((p) => p.id === id)?.images).toEqual([image]);

    // Deleting the product removes the original and every variant.
    const files = [image?.url ?? '', ...(image?.variants ?? []).map((v) => v.url)];
    expect(files.every((url) => existsSync(onDisk(url)))).toBe(true);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/${id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(files.some((url) => existsSync(onDisk(url)))).toBe(false);
  });

  it('never upscales: a 200 × 150 JPEG gets one WebP at its own width', async () => {
    const { images } = await createWith('Small Tablet', [
      { name: 'small.jpg', type: 'image/jpeg', content: await makeImage(200, 150, 'jpeg') },
    ]);
    expect(images[0]).toMatchObject({ width: 200, height: 150 });
    expect(images[0]?.variants?.map((v) => v.width)).toEqual([200]);
    const bytes = readFileSync(onDisk(images[0]?.variants?.[0]?.url ?? ''));
    expect(isWebp(bytes)).toBe(true);
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 200, height: 150 });
  });

  it('honours the EXIF orientation and strips metadata from variants', async () => {
    // Stored 600 × 400 with orientation 6 (rotate 90°): shown 400 × 600.
    const { images } = await createWith('Rotated Tablet', [
      { name: 'rotated.jpg', type: 'image/jpeg', content: await makeImage(600, 400, 'jpeg', 6) },
    ]);
    expect(images[0]).toMatchObject({ width: 400, height: 600 });
    expect(images[0]?.variants?.map((v) => v.width)).toEqual([240, 400]);
    const bytes = readFileSync(onDisk(images[0]?.variants?.at(-1)?.url ?? ''));
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ width: 400, height: 600 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('removes the variants of an image dropped in an edit', async () => {
    const { id, images } = await createWith('Edited Tablet', [
      { name: 'a.png', type: 'image/png', content: await makeImage(500, 500, 'png') },
      { name: 'b.png', type: 'image/png', content: await makeImage(300, 300, 'png') },
    ]);
    const [kept, dropped] = images;
    const body = await multipart({
      ...productEditFields(basics, 'Edited Tablet'),
      keepImageUrls: kept?.url ?? '',
    });
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(updated.statusCode).toBe(200);
    expect(dropped?.variants?.length).toBeGreaterThan(0);
    for (const url of [dropped?.url ?? '', ...(dropped?.variants ?? []).map((v) => v.url)])
      expect(existsSync(onDisk(url))).toBe(false);
    for (const url of [kept?.url ?? '', ...(kept?.variants ?? []).map((v) => v.url)])
      expect(existsSync(onDisk(url))).toBe(true);
  });

  it('gives division images variants and removes them with the division', async () => {
    const body = await multipart({ name: 'Variant Care' }, [
      {
        field: 'image',
        name: 'division.png',
        type: 'image/png',
        content: await makeImage(1000, 500, 'png'),
      },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/division',
      payload: body.payload,
      headers: { ...body.headers, ...admin.auth },
    });
    expect(created.statusCode).toBe(201);
    const list = (await t.app.inject({ method: 'GET', url: '/api/division/all' })).json()
      .divisionList as Array<{ id: number; images: CatalogImage | null }>;
    const image = list.find((d) => d.id === created.json().id)?.images;
    expect(image).toMatchObject({ width: 1000, height: 500 });
    expect(image?.variants?.map((v) => v.width)).toEqual([240, 480, 960]);
    const files = [image?.url ?? '', ...(image?.variants ?? []).map((v) => v.url)];
    expect(files.every((url) => existsSync(onDisk(url)))).toBe(true);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/division/${created.json().id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(files.some((url) => existsSync(onDisk(url)))).toBe(false);
  });
});
