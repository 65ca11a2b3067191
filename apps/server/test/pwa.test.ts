import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppManifest } from '../src/plugins/web-app';
import { buildTestApp, testDriver, type TestApp } from './helpers';

/**
 * Issue 17.6 · the installable web app (decision 0013): the manifest and the service worker are
 * served with their types and revalidated on every visit (no-cache), the SPA fallback never
 * answers them, the CSP lets them load, and the manifest names the configured shop.
 *
 * The web app's real public files (manifest, icons, offline page) are copied into a fake build
 * beside a stand-in index.html, worker and hashed asset, so the test means the same whether or
 * not `npm run build` has run.
 */

const webPublic = path.resolve(import.meta.dirname, '../../web/public');
const WORKER = "self.addEventListener('fetch', () => {});\n";

function parseCsp(header: unknown): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name.toLowerCase()] = values;
  }
  return directives;
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe(`installable web app (${testDriver})`, () => {
  let built: TestApp;
  let bare: TestApp;
  let webDistDir: string;
  let bareDistDir: string;

  beforeAll(async () => {
    webDistDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-pwa-'));
    cpSync(webPublic, webDistDir, { recursive: true });
    writeFileSync(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest" /><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(webDistDir, 'sw.js'), WORKER);
    mkdirSync(path.join(webDistDir, 'assets'));
    writeFileSync(path.join(webDistDir, 'assets', 'index-abc123.js'), 'export {};\n');
    // A build from before the web app was installable: only index.html.
    bareDistDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-pwa-bare-'));
    writeFileSync(path.join(bareDistDir, 'index.html'), '<!doctype html><html></html>');
    built = await buildTestApp({ webDistDir });
    bare = await buildTestApp({ webDistDir: bareDistDir });
  });
  afterAll(async () => {
    await built?.close();
    await bare?.close();
    rmSync(webDistDir, { recursive: true, force: true });
    rmSync(bareDistDir, { recursive: true, force: true });
  });

  it('serves the manifest as application/manifest+json, revalidated on every visit', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await built.app.inject({ method, url: '/manifest.webmanifest' });
      expect(res.statusCode, method).toBe(200);
      expect(res.headers['content-type'], method).toBe('application/manifest+json; charset=utf-8');
      expect(res.headers['cache-control'], method).toBe('no-cache');
    }
  });

  it('describes the shop: name, start, standalone, colours and icons that load', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    const manifest = res.json<Manifest>();
    expect(manifest).toMatchObject({
      name: 'MediKart Pharmacy',
      short_name: 'MediKart',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // DESIGN.md and src/index.css: the header band (brand-700) and the page (slate-50).
      theme_color: '#0f766e',
      background_color: '#f8fafc',
    });
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(purposes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of [
      ...manifest.icons,
      { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
    ]) {
      const file = await built.app.inject({ method: 'GET', url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type'], icon.src).toBe('image/png');
      const { format, width, height } = await sharp(file.rawPayload).metadata();
      expect(`${format} ${width}x${height}`, icon.src).toBe(`png ${icon.sizes}`);
    }
  });

  it('names the configured shop (SHOP_NAME) in the manifest', () => {
    const renamed = JSON.parse(
      webAppManifest(webDistDir, 'Sunrise Chemists & Wellness') ?? '{}',
    ) as Manifest;
    expect(renamed.name).toBe('Sunrise Chemists & Wellness');
    expect(renamed.short_name).toBe('Sunrise');
    expect(renamed.icons).toHaveLength(3);
    const short = JSON.parse(webAppManifest(webDistDir, 'CarePlus') ?? '{}') as Manifest;
    expect([short.name, short.short_name]).toEqual(['CarePlus', 'CarePlus']);
    expect(webAppManifest(bareDistDir, 'CarePlus')).toBeUndefined();
  });

  it('serves the service worker as JavaScript that is never cached long', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await built.app.inject({ method, url: '/sw.js' });
      expect(res.statusCode, method).toBe(200);
      expect(res.headers['content-type'], method).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control'], method).toBe('no-cache');
      if (method === 'GET') expect(res.body).toBe(WORKER);
    }
  });

  it('keeps hashed assets immutable and the offline page and index.html revalidated', async () => {
    const asset = await built.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const offline = await built.app.inject({ method: 'GET', url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toMatch(/^text\/html/);
    expect(offline.headers['cache-control']).toBe('no-cache');
    const page = await built.app.inject({ method: 'GET', url: '/shop' });
    expect(page.body).toContain('rel="manifest"');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('lets the manifest and this origin’s worker load under the CSP', async () => {
    for (const url of ['/', '/shop', '/sw.js', '/manifest.webmanifest']) {
      const res = await built.app.inject({ method: 'GET', url });
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp['manifest-src'], url).toEqual(["'self'"]);
      expect(csp['worker-src'], url).toEqual(["'self'"]);
    }
  });

  it('never answers the worker or the manifest with index.html when a build lacks them', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/offline.html']) {
      const res = await bare.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
    // The fallback still serves client routes.
    const page = await bare.app.inject({ method: 'GET', url: '/shop' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
