import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG_IMAGE_MAX_FILES,
  LIMITS,
  ORDER_STATUS,
  PRESCRIPTION_MAX_FILES,
  addDays,
  utcDay,
} from '@pharmacy/shared';
import { prescriptionFiles, productImages, products } from '../../src/db/schema/index';
import {
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  checkFileContent,
  readImageSize,
  type DetectedType,
} from '../../src/lib/file-type';
import { TINY_PNG } from '../factories';
import { buildTestApp, testDriver, type TestApp } from '../helpers';
import { fileTree, storedFilesIn } from '../support/data-dir';
import { startTestBucket, type TestBucket } from '../support/s3';
import { installDbWatch, type DbWatch } from './support/db-watch';
import { createWorld, insertOrder, nextRemoteAddress, type World } from './support/world';

/**
 * Issue 7 · hostile uploads (OWASP ASVS 5.2, API4/API8): an explicit corpus of files that must be
 * refused by the prescription route and the catalogue image routes, with nothing left in DATA_DIR
 * and no row written; then what happens to the files that are accepted. Issue 14: the same on an
 * S3 bucket (s3rver), where a refused file must add no object either.
 */

// ---- Building hostile files ----------------------------------------------------------------

const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16be = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u16le = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u24le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);

const pngChunk = (type: string, data: Buffer) =>
  // The CRC is not checked by the server, so it is left zero.
  Buffer.concat([u32be(data.length), Buffer.from(type, 'latin1'), data, u32be(0)]);

/** A structurally complete PNG whose header claims width × height; a few bytes of pixel data. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    TINY_PNG.subarray(0, 8),
    pngChunk('IHDR', ihdr),
    // A deflate stream of zeros: tiny on disk, width × height × 3 bytes once inflated.
    pngChunk('IDAT', Buffer.from('78da636000000000010001', 'hex')),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** SOI, a JFIF APP0, a baseline frame header claiming width × height, EOI. */
function jpeg(width: number, height: number): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    Buffer.from([0xff, 0xe0]),
    u16be(16),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.from([0xff, 0xc0]),
    u16be(17),
    Buffer.from([8]),
    u16be(height),
    u16be(width),
    Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

const gif = (width: number, height: number) =>
  Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    u16le(width),
    u16le(height),
    Buffer.from([0, 0, 0, 0x3b]),
  ]);

/** An extended WebP (VP8X) whose canvas is width × height. */
const webp = (width: number, height: number) =>
  Buffer.concat([
    Buffer.from('RIFF', 'latin1'),
    Buffer.from([22, 0, 0, 0]),
    Buffer.from('WEBPVP8X', 'latin1'),
    Buffer.from([10, 0, 0, 0, 0, 0, 0, 0]),
    u24le(width - 1),
    u24le(height - 1),
  ]);

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A PDF of exactly `bytes` bytes: comment padding before the trailer. */
const pdfOfSize = (bytes: number) =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n%'),
    Buffer.alloc(bytes - PDF.length - 2, 0x41),
    Buffer.from('\n'),
    PDF.subarray(9),
  ]);
const pngOfSize = (bytes: number) => {
  const base = png(1, 1);
  const padding = bytes - base.length - 12;
  // A private ancillary chunk before IEND keeps the file structurally valid at any size.
  return Buffer.concat([
    base.subarray(0, base.length - 12),
    pngChunk('prVt', Buffer.alloc(padding, 0x41)),
    base.subarray(base.length - 12),
  ]);
};

// ---- Multipart written by hand ------------------------------------------------------------

interface FilePart {
  /** Sent as filename*=utf-8''… unless printable ASCII, so NUL, CR, LF and any code point arrive. */
  name: string;
  content: Buffer;
  type?: string;
  field?: string;
}

/**
 * FormData escapes CR, LF and quotes in file names (the HTML spec), which would hide the very
 * bytes under test; this writes the parts itself with RFC 5987 extended names.
 */
function rawMultipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----hostile${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const file of files) {
    // The plain parameter only when the name is printable ASCII: the form parser prefers it to
    // the extended one, which would hide the bytes under test.
    const plain = /^[\x20-\x7e]*$/.test(file.name) && !/["\\]/.test(file.name);
    const disposition = plain
      ? `filename="${file.name}"`
      : `filename*=utf-8''${encodeURIComponent(file.name)}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; ` +
          `${disposition}\r\n` +
          `Content-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// ---- The corpus ---------------------------------------------------------------------------

type Route = 'prescription' | 'product' | 'division';

interface Hostile {
  label: string;
  route: Route;
  files: FilePart[];
  status: 400 | 413 | 415;
}

const many = (n: number, name: string, content: Buffer): FilePart[] =>
  Array.from({ length: n }, (_, i) => ({ name: `${i}-${name}`, content }));

const CORPUS: Hostile[] = [
  // Markup dressed as an image or a document.
  {
    label: 'HTML with script named .png',
    route: 'prescription',
    files: [{ name: 'rx.png', content: HTML }],
    status: 400,
  },
  {
    label: 'HTML with script named .pdf',
    route: 'prescription',
    files: [{ name: 'rx.pdf', content: HTML, type: 'application/pdf' }],
    status: 400,
  },
  {
    label: 'SVG with script named .png',
    route: 'prescription',
    files: [{ name: 'rx.png', content: SVG }],
    status: 400,
  },
  {
    label: 'SVG with script named .pdf',
    route: 'prescription',
    files: [{ name: 'rx.pdf', content: SVG, type: 'application/pdf' }],
    status: 400,
  },
  {
    label: 'SVG as itself (.svg, image/svg+xml)',
    route: 'product',
    files: [{ name: 'logo.svg', content: SVG, type: 'image/svg+xml' }],
    status: 400,
  },
  {
    label: 'HTML with script named .png',
    route: 'product',
    files: [{ name: 'pack.png', content: HTML }],
    status: 400,
  },
  {
    label: 'SVG with script named .png',
    route: 'division',
    files: [{ name: 'division.png', content: SVG }],
    status: 400,
  },
  {
    label: 'Windows executable named .pdf',
    route: 'prescription',
    files: [
      { name: 'rx.pdf', content: Buffer.concat([Buffer.from('MZ\x90\x00\x03'), randomBytes(256)]) },
    ],
    status: 400,
  },
  // Polyglots: a real signature, then something else.
  {
    label: 'polyglot: PNG signature + HTML',
    route: 'prescription',
    files: [{ name: 'rx.png', content: Buffer.concat([TINY_PNG.subarray(0, 8), HTML]) }],
    status: 400,
  },
  {
    label: 'polyglot: PNG signature + HTML',
    route: 'product',
    files: [{ name: 'pack.png', content: Buffer.concat([TINY_PNG.subarray(0, 8), HTML]) }],
    status: 400,
  },
  {
    label: 'polyglot: whole PNG + HTML after IEND',
    route: 'prescription',
    files: [{ name: 'rx.png', content: Buffer.concat([TINY_PNG, HTML]) }],
    status: 400,
  },
  {
    label: 'polyglot: PDF header + HTML, no trailer',
    route: 'prescription',
    files: [
      {
        name: 'rx.pdf',
        content: Buffer.concat([Buffer.from('%PDF-1.4\n'), HTML]),
        type: 'application/pdf',
      },
    ],
    status: 400,
  },
  {
    label: 'polyglot: JPEG SOI + HTML',
    route: 'prescription',
    files: [
      {
        name: 'rx.jpg',
        content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]),
        type: 'image/jpeg',
      },
    ],
    status: 400,
  },
  {
    label: 'polyglot: GIF89a + script (GIFAR style)',
    route: 'product',
    files: [
      {
        name: 'pack.gif',
        content: Buffer.from('GIF89a<script>alert(1)</script>'),
        type: 'image/gif',
      },
    ],
    status: 400,
  },
  {
    label: 'polyglot: OLE2 magic + HTML named .doc',
    route: 'prescription',
    files: [
      { name: 'rx.doc', content: Buffer.concat([OLE_MAGIC, HTML]), type: 'application/msword' },
    ],
    status: 400,
  },
  // Sizes.
  {
    label: 'zero bytes',
    route: 'prescription',
    files: [{ name: 'rx.png', content: Buffer.alloc(0) }],
    status: 400,
  },
  {
    label: 'zero bytes',
    route: 'product',
    files: [{ name: 'pack.png', content: Buffer.alloc(0) }],
    status: 400,
  },
  {
    label: '5 MB + 1 byte (valid PDF)',
    route: 'prescription',
    files: [
      { name: 'rx.pdf', content: pdfOfSize(LIMITS.uploadMaxBytes + 1), type: 'application/pdf' },
    ],
    status: 413,
  },
  {
    label: '5 MB + 1 byte (valid PNG)',
    route: 'product',
    files: [{ name: 'pack.png', content: pngOfSize(LIMITS.uploadMaxBytes + 1) }],
    status: 413,
  },
  // Decompression bombs: tiny files whose headers claim gigapixels.
  {
    label: 'PNG bomb 50,000 × 50,000 px',
    route: 'prescription',
    files: [{ name: 'rx.png', content: png(50_000, 50_000) }],
    status: 400,
  },
  {
    label: 'JPEG bomb 65,000 × 65,000 px',
    route: 'prescription',
    files: [{ name: 'rx.jpg', content: jpeg(65_000, 65_000), type: 'image/jpeg' }],
    status: 400,
  },
  {
    label: 'PNG bomb 50,000 × 50,000 px',
    route: 'product',
    files: [{ name: 'pack.png', content: png(50_000, 50_000) }],
    status: 400,
  },
  {
    label: 'PNG bomb 1 × 1,000,000 px (one side)',
    route: 'division',
    files: [{ name: 'division.png', content: png(1, 1_000_000) }],
    status: 400,
  },
  {
    label: 'GIF bomb 65,535 × 65,535 px',
    route: 'product',
    files: [{ name: 'pack.gif', content: gif(65_535, 65_535), type: 'image/gif' }],
    status: 400,
  },
  {
    label: 'WebP bomb 16,777,216 × 16,777,216 px',
    route: 'product',
    files: [{ name: 'pack.webp', content: webp(16_777_216, 16_777_216), type: 'image/webp' }],
    status: 400,
  },
  {
    label: 'PNG 10,000 × 10,000 px (100 MP, both sides allowed)',
    route: 'product',
    files: [{ name: 'pack.png', content: png(10_000, 10_000) }],
    status: 400,
  },
  // Names: the file itself is a valid PNG each time.
  {
    label: 'name ../../etc/passwd.png',
    route: 'prescription',
    files: [{ name: '../../etc/passwd.png', content: TINY_PNG }],
    status: 400,
  },
  {
    label: 'name ..\\..\\web\\index.png',
    route: 'prescription',
    files: [{ name: '..\\..\\web\\index.png', content: TINY_PNG }],
    status: 400,
  },
  {
    label: 'name ../../../uploads/x.png',
    route: 'product',
    files: [{ name: '../../../uploads/x.png', content: TINY_PNG }],
    status: 400,
  },
  {
    label: 'name with NUL rx.png\\0.html',
    route: 'prescription',
    files: [{ name: 'rx.png\u0000.html', content: TINY_PNG }],
    status: 400,
  },
  {
    label: 'name with CRLF and a header',
    route: 'prescription',
    files: [{ name: 'rx\r\nContent-Type: text/html\r\n.png', content: TINY_PNG }],
    status: 400,
  },
  {
    label: 'name with RTL override (shows as rxgnp.pdf)',
    route: 'prescription',
    files: [{ name: 'rx\u202Efdp.png', content: TINY_PNG }],
    status: 400,
  },
  {
    label: 'name with RTL override',
    route: 'division',
    files: [{ name: 'pack\u202Egnp.exe', content: TINY_PNG }],
    status: 400,
  },
  {
    label: 'name with a zero-width space',
    route: 'prescription',
    files: [{ name: 'rx\u200B.png', content: TINY_PNG }],
    status: 400,
  },
  {
    label: 'name with a double extension .png.exe',
    route: 'prescription',
    files: [{ name: 'rx.png.exe', content: TINY_PNG }],
    status: 400,
  },
  {
    label: 'name .svg on a PNG',
    route: 'prescription',
    files: [{ name: 'rx.svg', content: TINY_PNG }],
    status: 400,
  },
  // Too many at once.
  {
    label: `${PRESCRIPTION_MAX_FILES + 1} files at once`,
    route: 'prescription',
    files: many(PRESCRIPTION_MAX_FILES + 1, 'rx.png', TINY_PNG),
    status: 413,
  },
  {
    label: `${CATALOG_IMAGE_MAX_FILES + 1} images at once`,
    route: 'product',
    files: many(CATALOG_IMAGE_MAX_FILES + 1, 'pack.png', TINY_PNG),
    status: 413,
  },
  {
    label: '50 files at once, the last one HTML',
    route: 'prescription',
    files: [...many(49, 'rx.png', TINY_PNG), { name: 'x.png', content: HTML }],
    status: 413,
  },
];

describe.each(['local disk', 'S3'] as const)(`hostile uploads on %s (${testDriver})`, (storage) => {
  let bucket: TestBucket | undefined;
  let t: TestApp;
  let w: World;
  let watch: DbWatch;
  let divisionId: number;
  /** Member A's order waiting for a prescription: the state in which uploads are looked at. */
  let rxOrder: number;
  beforeAll(async () => {
    if (storage === 'S3') bucket = await startTestBucket();
    t = await buildTestApp(bucket ? { s3: bucket.config } : {}, { jobs: { poll: false } });
    w = await createWorld(t);
    rxOrder = await insertOrder(t.database.db, w.memberA.id, {
      statusId: ORDER_STATUS.COLLECTING_PRESCRIPTION,
      productId: w.rxProductId,
      prescription: true,
      addressId: w.addressA,
    });
    watch = await installDbWatch(t.database.db, t.config.dataDir);
    divisionId = w.basics.divisionId;
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.stop();
  });

  /** Every object of the bucket with its size (none on local disk). */
  const bucketObjects = async () => (bucket ? bucket.objectLines() : []);

  const productFields = () => ({
    name: `Hostile test ${randomBytes(3).toString('hex')}`,
    maximumRetailPrice: '120',
    offerPrice: '99.50',
    divisionId: String(w.basics.divisionId),
    manufacturerId: String(w.basics.manufacturerId),
    saltCompositionId: String(w.basics.saltCompositionId),
    // The opening stock is a first batch (issue 15).
    quantity: '10',
    batchNumber: 'HOSTILE-1',
    expiryDate: addDays(utcDay(), 400),
  });

  function send(route: Route, files: FilePart[]) {
    if (route === 'prescription') {
      const form = rawMultipart({ comment: 'hostile' }, files);
      return t.app.inject({
        method: 'POST',
        url: `/api/order/uploadOrderPrescriptions/${rxOrder}`,
        headers: { ...w.memberA.auth, ...form.headers },
        payload: form.payload,
        remoteAddress: nextRemoteAddress(),
      });
    }
    const form = rawMultipart(
      route === 'product'
        ? productFields()
        : { name: `Division ${randomBytes(3).toString('hex')}` },
      files,
    );
    return t.app.inject({
      method: route === 'product' ? 'POST' : 'PATCH',
      url: route === 'product' ? '/api/product' : `/api/division/${divisionId}`,
      headers: { ...w.owner.auth, ...form.headers },
      payload: form.payload,
    });
  }

  const rowCounts = async () => ({
    prescriptionFiles: (await t.database.db.select({ n: count() }).from(prescriptionFiles))[0]?.n,
    productImages: (await t.database.db.select({ n: count() }).from(productImages))[0]?.n,
    products: (await t.database.db.select({ n: count() }).from(products))[0]?.n,
  });

  it(`has at least 20 files in the corpus (${CORPUS.length})`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(20);
  });

  it('runs on the storage it names', () => {
    expect(t.app.storage.kind).toBe(storage === 'S3' ? 's3' : 'local');
  });

  it.each(CORPUS.map((entry) => [`${entry.route}: ${entry.label}`, entry] as const))(
    'refuses %s, storing nothing',
    async (_label, entry) => {
      const treeBefore = fileTree(t.config.dataDir);
      const objectsBefore = await bucketObjects();
      const rowsBefore = await rowCounts();
      const writesBefore = await watch.writes();
      const res = await send(entry.route, entry.files);
      expect(res.statusCode, res.body).toBe(entry.status);
      const body = res.json<{ statusCode: number; error: string; message: string }>();
      expect(body).toEqual({
        statusCode: entry.status,
        error: expect.any(String),
        message: expect.any(String),
      });
      // The refusal names no path of the server, nor the bucket.
      expect(res.body).not.toContain(t.config.dataDir);
      if (bucket) expect(res.body).not.toContain(bucket.origin);
      expect(fileTree(t.config.dataDir)).toEqual(treeBefore);
      expect(await bucketObjects()).toEqual(objectsBefore);
      expect(await rowCounts()).toEqual(rowsBefore);
      expect(await watch.writes()).toBe(writesBefore);
    },
  );

  it('never lets a part named with CRLF reach the app (the form parser drops it)', async () => {
    // busboy cannot read a file name whose extended form decodes to CR or LF and discards the
    // whole part; the product is saved without it and nothing of the file is stored.
    const treeBefore = fileTree(t.config.dataDir);
    const objectsBefore = await bucketObjects();
    const res = await send('product', [{ name: 'pack\r\n.png', content: TINY_PNG }]);
    expect(res.statusCode, res.body).toBe(201);
    const images = await t.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, res.json<{ id: number }>().id));
    expect(images).toEqual([]);
    expect(fileTree(t.config.dataDir)).toEqual(treeBefore);
    expect(await bucketObjects()).toEqual(objectsBefore);
  });

  it('refuses a text field under a file field name', async () => {
    const form = rawMultipart({ ...productFields(), image: '<script>alert(1)</script>' }, []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: { ...w.owner.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('says why a decompression bomb is refused', async () => {
    const res = await send('prescription', [{ name: 'rx.png', content: png(50_000, 50_000) }]);
    expect(res.json<{ message: string }>().message).toContain('50000 × 50000 pixels');
  });

  it('stores an accepted prescription under a generated name in the private folder only', async () => {
    const label = 'My prescription (1).png';
    const content = png(1200, 1600);
    const res = await send('prescription', [
      { name: label, content },
      { name: 'report.pdf', content: PDF, type: 'application/pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(prescriptionFiles)
      .where(eq(prescriptionFiles.originalName, label));
    expect(rows).toHaveLength(1);
    const key = rows[0]?.storageKey as string;
    expect(key).toMatch(/^prescriptions\/[0-9a-z]+-[0-9a-f]{24}\.png$/);
    let stored: Buffer;
    if (!bucket) {
      const file = path.join(t.config.dataDir, 'private', key);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      stored = readFileSync(file);
      // Nothing of it in the served folder.
      expect(fileTree(path.join(t.config.dataDir, 'uploads')).join('\n')).not.toContain(
        path.basename(key),
      );
    } else {
      // One object, under private/, nothing else named like it; nothing in DATA_DIR.
      const objects = await bucket.objects();
      expect(objects.filter((o) => o.key.includes(path.basename(key)))).toEqual([
        { key: `private/${key}`, size: content.length },
      ]);
      stored = await bucket.read(`private/${key}`);
      expect(storedFilesIn(t.config.dataDir)).toEqual([]);
    }
    expect(stored.equals(content)).toBe(true);
    // No URL reaches it.
    for (const url of [
      `/uploads/${key}`,
      `/uploads/../private/${key}`,
      `/private/${key}`,
      `/uploads/private/${key}`,
    ]) {
      const served = await t.app.inject({ method: 'GET', url });
      // Unknown page paths may fall back to the web app's index.html; never to the file.
      expect(served.headers['content-type'] ?? '', url).not.toContain('image/png');
      expect(served.rawPayload.equals(stored), url).toBe(false);
      const location = served.headers.location;
      if (!bucket) {
        expect(location, url).toBeUndefined();
        continue;
      }
      if (location === undefined) continue;
      // On the bucket /uploads/prescriptions/<name> passes the safe pattern: its redirect points
      // at uploads/prescriptions/<name>, which does not exist, never at private/.
      expect(String(location), url).not.toContain('private/');
      const fetched = await fetch(String(location));
      expect(fetched.status, url).toBe(404);
      expect(Buffer.from(await fetched.arrayBuffer()).includes(stored), url).toBe(false);
    }
  });

  it('stores an accepted product image under a generated name, served as an image with nosniff', async () => {
    const res = await send('product', [{ name: '../evil.png', content: TINY_PNG }]);
    expect(res.statusCode).toBe(400);
    const ok = await send('product', [{ name: 'Paracetamol pack.png', content: TINY_PNG }]);
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json<{ id: number }>().id;
    const [image] = await t.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id));
    expect(image?.url).toMatch(/^\/uploads\/products\/[0-9a-z]+-[0-9a-f]{24}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: image?.url as string });
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    if (!bucket) {
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      return;
    }
    // On the bucket: a redirect, whose target serves the stored bytes as image/png.
    expect(served.statusCode).toBe(302);
    const target = await fetch(String(served.headers.location));
    expect(target.status).toBe(200);
    expect(target.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await target.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect(await bucket.objectLines()).toContain(
      `${(image?.url as string).slice(1)} ${TINY_PNG.length}`,
    );
    expect(storedFilesIn(t.config.dataDir)).toEqual([]);
  });
});

describe('image header check (lib/file-type.ts)', () => {
  const sizeOf = (buffer: Buffer) => {
    const check = checkFileContent(buffer);
    return check.ok ? check.size : check.reason;
  };

  it('reads the declared size of each raster format', () => {
    expect(sizeOf(TINY_PNG)).toEqual({ width: 1, height: 1 });
    expect(sizeOf(png(4000, 3000))).toEqual({ width: 4000, height: 3000 });
    expect(sizeOf(jpeg(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(sizeOf(gif(640, 480))).toEqual({ width: 640, height: 480 });
    expect(sizeOf(webp(1920, 1080))).toEqual({ width: 1920, height: 1080 });
    const lossless = Buffer.concat([
      Buffer.from('RIFF\0\0\0\0WEBPVP8L\0\0\0\0', 'latin1'),
      Buffer.from([0x2f]),
      // width 100, height 50 (each minus one, 14 bits)
      (() => {
        const b = Buffer.alloc(4);
        b.writeUInt32LE(99 | (49 << 14));
        return b;
      })(),
      Buffer.alloc(8),
    ]);
    expect(sizeOf(lossless)).toEqual({ width: 100, height: 50 });
    const bmp = Buffer.alloc(54);
    bmp.write('BM', 0, 'latin1');
    bmp.writeInt32LE(800, 18);
    bmp.writeInt32LE(-600, 22);
    const bmpType: DetectedType = { mime: 'image/bmp', ext: 'bmp' };
    expect(readImageSize(bmp, bmpType)).toEqual({ width: 800, height: 600 });
  });

  it('accepts the limits and refuses one pixel more', () => {
    expect(checkFileContent(png(IMAGE_MAX_SIDE, 1)).ok).toBe(true);
    expect(sizeOf(png(IMAGE_MAX_SIDE + 1, 1))).toBe('dimensions');
    expect(sizeOf(png(1, IMAGE_MAX_SIDE + 1))).toBe('dimensions');
    expect(checkFileContent(png(IMAGE_MAX_PIXELS / 5_000, 5_000)).ok).toBe(true);
    expect(sizeOf(png(IMAGE_MAX_PIXELS / 5_000 + 1, 5_000))).toBe('dimensions');
  });

  it('refuses damaged headers, zero sizes and lone signatures', () => {
    expect(sizeOf(png(0, 10))).toBe('damaged');
    expect(sizeOf(TINY_PNG.subarray(0, 20))).toBe('damaged');
    expect(sizeOf(TINY_PNG.subarray(0, TINY_PNG.length - 1))).toBe('damaged');
    expect(sizeOf(Buffer.from([0xff, 0xd8, 0xff]))).toBe('damaged');
    expect(sizeOf(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xd9]), HTML]))).toBe('damaged');
    expect(sizeOf(Buffer.from('GIF89a'))).toBe('damaged');
    expect(sizeOf(Buffer.from('GIF87b\x10\x00\x10\x00\0\0\0;'))).toBe('damaged');
    expect(sizeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('damaged');
    expect(sizeOf(Buffer.concat([OLE_MAGIC, Buffer.alloc(600)]))).toBe('damaged');
    expect(sizeOf(HTML)).toBe('unknown');
    expect(checkFileContent(PDF).ok).toBe(true);
  });
});
