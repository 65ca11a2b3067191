/* global document, window, MutationObserver -- page.evaluate callbacks run in the browser */
// Web suites: the web app built into the bench's own folder, Lighthouse (mobile, median of 5,
// Debian Chromium), JavaScript loaded by shopper pages, and header-search interaction timing.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { median, percentile } from '../lib/load.mjs';
import { ROOT, startChild, sleep } from '../lib/process.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// BENCH_WEB_DIST lets two benches on one machine build into different folders.
export const WEB_DIST = process.env.BENCH_WEB_DIST ?? '/tmp/web-dist-bench';

/** `cd apps/web && vite build --outDir /tmp/web-dist-bench`; the app's own dist is untouched. */
export async function buildWeb() {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      WEB_DIST,
      '--emptyOutDir',
    ],
    { cwd: path.join(ROOT, 'apps/web'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-2000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-2000)));
  const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  if (code !== 0 || !existsSync(path.join(WEB_DIST, 'index.html'))) {
    return { ok: false, error: output.slice(-1500) };
  }
  return { ok: true, seconds: (performance.now() - started) / 1000 };
}

/** One hashed script of the build, for the immutable-cache check. */
export function someAsset() {
  const dir = path.join(WEB_DIST, 'assets');
  if (!existsSync(dir)) return undefined;
  const file = readdirSync(dir).find((name) => name.endsWith('.js'));
  return file ? `/assets/${file}` : undefined;
}

const LIGHTHOUSE_CLI = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function lighthouseOnce(url, outputDir, run) {
  const output = path.join(outputDir, `run-${run}.json`);
  const child = startChild(
    'lighthouse',
    [
      LIGHTHOUSE_CLI,
      url,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--max-wait-for-load=30000',
    ],
    { CHROME_PATH: CHROMIUM },
  );
  const code = await Promise.race([child.exited, sleep(120_000).then(() => 'timeout')]);
  if (code === 'timeout') await child.stop();
  if (code !== 0 || !existsSync(output))
    throw new Error(`lighthouse ${url}: ${child.output().slice(-800)}`);
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
  };
}

/** Lighthouse's default (mobile) run `runs` times on `url`; the median of each figure. */
export async function lighthouse(url, runs = 5) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  try {
    const results = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART); one retry per run.
      results.push(await lighthouseOnce(url, dir, run).catch(() => lighthouseOnce(url, dir, run)));
    }
    const of = (key) => median(results.map((r) => r[key]));
    return {
      runs: results.length,
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      seo: of('seo'),
      lcp: of('lcp'),
      cls: of('cls'),
      tbt: of('tbt'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
}

/**
 * JavaScript a shopper page loads before anyone touches it: every script requested until the
 * network is idle, measured as its gzip size (level 9 of the built file). Lists chunks whose
 * names say admin or dashboard, which a shopper should never download.
 */
export async function shopperJavaScript(browser, base, pagePath) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Set();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle', timeout: 60_000 });
  await context.close();
  let gzipBytes = 0;
  for (const script of scripts) {
    const file = path.join(WEB_DIST, script);
    if (existsSync(file)) gzipBytes += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  const adminChunks = [...scripts].filter((s) => /admin|dashboard/i.test(s));
  return { files: scripts.size, gzipKb: gzipBytes / 1024, adminChunks };
}

/**
 * Types each term into the header search on a product page (40 ms between keys) and measures,
 * in the page, from the debounce's end (last keystroke + debounceMs) to the moment the dropdown
 * shows that term's results (or 'No results found').
 */
export async function headerSearchInteraction(browser, base, productId, terms, debounceMs = 300) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/product/${productId}`, { waitUntil: 'networkidle', timeout: 60_000 });
  const input = page.getByRole('combobox', { name: 'Search products' });
  await input.waitFor({ timeout: 15_000 });
  await page.evaluate(() => {
    const form = document.querySelector('form[role="search"]');
    window.__benchMarks = [];
    window.__benchLastInput = 0;
    form.addEventListener('input', () => {
      window.__benchLastInput = performance.now();
    });
    const label = () => {
      const option = form.querySelector('[role="option"]');
      if (option) return option.textContent.trim();
      const status = form.querySelector('[role="status"]');
      return status ? status.textContent.trim() : '';
    };
    new MutationObserver(() => window.__benchMarks.push([performance.now(), label()])).observe(
      form,
      { childList: true, subtree: true, characterData: true },
    );
  });
  const delays = [];
  for (const term of terms) {
    await input.fill('');
    await input.press('Escape');
    await sleep(debounceMs + 150);
    await page.evaluate(() => {
      window.__benchMarks = [];
    });
    const answer = page.waitForResponse(
      (response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/product/all' && url.searchParams.get('search') === term;
      },
      { timeout: 10_000 },
    );
    await input.pressSequentially(term, { delay: 40 });
    const response = await answer.catch(() => undefined);
    if (!response) continue;
    const body = await response.json();
    const expected = body.productList[0]?.name ?? 'No results found';
    await page
      .waitForFunction(
        (text) => window.__benchMarks.some(([, shown]) => shown === text),
        expected,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    const { marks, lastInput } = await page.evaluate(() => ({
      marks: window.__benchMarks,
      lastInput: window.__benchLastInput,
    }));
    const debounceEnd = lastInput + debounceMs;
    const shown = marks.filter(([, text]) => text === expected);
    const after = shown.find(([time]) => time >= debounceEnd);
    if (after) delays.push(after[0] - debounceEnd);
    else if (shown.length > 0) delays.push(0);
  }
  await context.close();
  return {
    samples: delays.length,
    p50: percentile(delays, 50),
    p95: percentile(delays, 95),
    max: Math.max(...delays),
  };
}
