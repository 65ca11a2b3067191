/* global document, window, MutationObserver -- page.evaluate callbacks run in the browser */
// Web suites: the web app built into the bench's own folder (the browser's bundle and the
// server's renderer of issue 30), Lighthouse (mobile, median of 5, Debian Chromium), JavaScript
// loaded by shopper pages, and header-search interaction timing.
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
export const WEB_BUILD_DIR = process.env.BENCH_WEB_DIST ?? '/tmp/web-dist-bench';
/**
 * The browser's build; the server loads the page renderer from `../dist-ssr/entry-server.js`
 * beside it (apps/server/src/plugins/web-app.ts), as with apps/web/dist and dist-ssr.
 */
export const WEB_DIST = path.join(WEB_BUILD_DIR, 'dist');
export const WEB_SSR_DIST = path.join(WEB_BUILD_DIR, 'dist-ssr');

/** `vite build` in apps/web with `args`; the output's tail on failure. */
async function vite(args) {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), ...args],
    {
      cwd: path.join(ROOT, 'apps/web'),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-2000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-2000)));
  const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

/**
 * What `npm run build -w @pharmacy/web` does, into the bench's own folder (the app's dist and
 * dist-ssr are untouched): the browser build into WEB_DIST, then the server renderer
 * (src/entry-server.tsx) into WEB_SSR_DIST, so the shop serves server-rendered pages (issue 30).
 */
export async function buildWeb() {
  const started = performance.now();
  const browser = await vite(['build', '--outDir', WEB_DIST, '--emptyOutDir']);
  if (browser.code !== 0 || !existsSync(path.join(WEB_DIST, 'index.html'))) {
    return { ok: false, error: browser.output.slice(-1500) };
  }
  const renderer = await vite([
    'build',
    '--ssr',
    'src/entry-server.tsx',
    '--outDir',
    WEB_SSR_DIST,
    '--emptyOutDir',
  ]);
  if (renderer.code !== 0 || !existsSync(path.join(WEB_SSR_DIST, 'entry-server.js'))) {
    return { ok: false, error: renderer.output.slice(-1500) };
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
    fcp: audit('first-contentful-paint'),
    ...diagnostics(report),
  };
}

/**
 * Why a run scored what it did: the audits that count towards a category and did not pass (for
 * performance, the metrics scored below 0.9), and the LCP element with its phases.
 */
function diagnostics(report) {
  const failing = [];
  for (const id of CATEGORIES) {
    const category = report.categories[id];
    for (const ref of category?.auditRefs ?? []) {
      const result = report.audits[ref.id];
      if (!result || ref.weight === 0 || result.score === null) continue;
      const limit = id === 'performance' ? 0.9 : 1;
      if (result.score < limit)
        failing.push(`${id}: ${ref.id} (${result.displayValue ?? result.score})`);
    }
  }
  // Lighthouse 13: the LCP element and its subparts (TTFB, load delay, load time, render delay).
  const parts = report.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const node = parts.find((item) => item.type === 'node');
  const phases = (parts.find((item) => item.type === 'table')?.items ?? [])
    .map((part) => `${part.label} ${Math.round(part.duration ?? 0)} ms`)
    .join(', ');
  return {
    failing,
    lcpElement: node
      ? `${node.snippet ?? node.selector ?? ''} “${node.nodeLabel ?? ''}”`
      : undefined,
    lcpPhases: phases || undefined,
  };
}

/**
 * Lighthouse's default (mobile) run `runs` times on `url`; the median of each figure, and what
 * failed in how many runs. BENCH_LIGHTHOUSE_KEEP=/dir keeps every run's JSON report there.
 */
export async function lighthouse(url, runs = 5) {
  const keep = process.env.BENCH_LIGHTHOUSE_KEEP;
  const dir = keep
    ? mkdtempSync(path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_')}-`))
    : mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  try {
    const results = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART); one retry per run.
      results.push(await lighthouseOnce(url, dir, run).catch(() => lighthouseOnce(url, dir, run)));
    }
    const of = (key) => median(results.map((r) => r[key]));
    const counts = new Map();
    for (const failure of results.flatMap((r) => r.failing)) {
      const id = failure.replace(/ \(.*\)$/, '');
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const lcpElements = [...new Set(results.map((r) => r.lcpElement).filter(Boolean))];
    return {
      runs: results.length,
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      seo: of('seo'),
      lcp: of('lcp'),
      cls: of('cls'),
      tbt: of('tbt'),
      fcp: of('fcp'),
      each: results.map(({ performance, lcp, tbt, cls }) => ({ performance, lcp, tbt, cls })),
      failing: [...counts].map(([id, count]) => `${id} in ${count}/${results.length}`),
      lcpElements,
      lcpPhases: results[results.findIndex((r) => r.lcp === of('lcp'))]?.lcpPhases,
      reports: keep ? dir : undefined,
    };
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
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
