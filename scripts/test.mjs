// `npm test`: typecheck, lint, format, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then browser journeys in Chromium when one is found.
// With STRESS_PROFILE set (CI: ci) the stress suites run last. Ends with one line
// 'N passed, N failed' counting every test and check it ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const reportDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

const phaseTimes = [];

function run(label, command, commandArgs, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  // Each phase's wall time, summed up at the end: CI must stay well under its hour.
  const seconds = Math.round((Date.now() - started) / 1000);
  phaseTimes.push(`${label} ${Math.floor(seconds / 60)} min ${seconds % 60} s`);
  console.log(`◀ ${label}: ${seconds} s`);
  return result.status === 0;
}

function check(label, command, commandArgs) {
  if (run(label, command, commandArgs)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

function vitest(label, vitestArgs, env = {}) {
  const output = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...vitestArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ],
    env,
  );
  if (!existsSync(output)) {
    totals.failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (!ok) failures.push(label);
  if (!ok && report.numFailedTests === 0) totals.failed += 1; // a suite failed to load
}

function findChromium() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  return candidates.find((candidate) => existsSync(candidate));
}

function playwright() {
  const chromium = findChromium();
  if (!chromium) {
    const reason =
      'Browser tests skipped: no Chromium found (set CHROME_PATH or install /usr/bin/chromium).';
    if (process.env.REQUIRE_BROWSER_TESTS === '1') {
      console.error(reason.replace('skipped', 'required but cannot run'));
      totals.failed += 1;
      failures.push('browser tests (no Chromium)');
    } else {
      console.log(`\n${reason}`);
    }
    return;
  }
  ensureWebBuild();
  const output = path.join(reportDir, 'playwright.json');
  const ok = run(
    'browser tests (Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
    {
      CHROME_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: output,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  );
  if (!existsSync(output)) {
    totals.failed += 1;
    failures.push('browser tests (no report)');
    return;
  }
  const { stats } = JSON.parse(readFileSync(output, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  if (!ok) failures.push('browser tests');
  if (!ok && stats.unexpected === 0) totals.failed += 1;
}

if (!only || only === 'checks') {
  check('typecheck', 'npx', ['tsc', '-b']);
  check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  check('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
}
if (!only || only === 'unit') {
  vitest('unit and API tests (PGlite)', [], { TEST_DB_DRIVER: 'pglite' });
  if (process.env.TEST_DATABASE_URL) {
    vitest('API tests (PostgreSQL)', ['--project', 'server'], { TEST_DB_DRIVER: 'postgres' });
  } else {
    console.log('\nPostgreSQL API tests skipped: TEST_DATABASE_URL is not set.');
  }
}
if (!only || only === 'e2e') playwright();
// The long reliability suites (issue 7) join when a stress profile is named, as CI does with
// STRESS_PROFILE=ci; `npm run test:stress` runs them alone (docs/security.md).
if (process.env.STRESS_PROFILE && (!only || only === 'stress')) {
  check(`stress suites (profile ${process.env.STRESS_PROFILE})`, 'node', [
    'scripts/stress/run.mjs',
  ]);
}

console.log(`\nTimes: ${phaseTimes.join('; ')}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
if (totals.skipped) console.log(`\n${totals.skipped} skipped`);
// The last line is exactly 'N passed, N failed', for CI to read.
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
