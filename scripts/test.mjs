// `npm test`: every suite, in the layout of decision 0019.
//
//   checks  typecheck, and lint, format and the import-cycle check beside it (two processes,
//           two cores)
//   unit    the shared rules, the web app's components and the lint rules (vitest projects
//           shared, web and tooling)
//   api     the server's tests: on PostgreSQL when TEST_DATABASE_URL is set (every file, the
//           fuzzing included), and on PGlite (every file but the fuzzing when PostgreSQL ran, the
//           fuzzing too when it did not); the reliability suites join here unless STRESS_PROFILE
//           names a profile, in which case the stress phase runs them with more trials
//   e2e     browser journeys in Chromium (desktop and phone projects, axe)
//   stress  with STRESS_PROFILE set: scripts/stress/run.mjs in that profile
//
// `npm test -- --only <phase>` runs one phase. REQUIRE_BROWSER_TESTS=1 and
// REQUIRE_POSTGRES_TESTS=1 (CI sets both) turn a suite that cannot run into a failure instead of
// a skip. Ends with a table of each phase's wall time and one line 'N passed, N failed' counting
// every test and check it ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresReachable, runBuffered } from './stress/server.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const PHASES = ['checks', 'unit', 'api', 'e2e', 'stress'];
if (only && !PHASES.includes(only)) {
  console.error(`--only takes one of ${PHASES.join(', ')}`);
  process.exit(2);
}
const wants = (phase) => !only || only === phase;
const reportDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** One row per phase: label, seconds, passed, failed, skipped (undefined for a plain check). */
const rows = [];
const started = Date.now();
const stressProfile = process.env.STRESS_PROFILE;
// The server tests wait on their database about half the time: a third worker keeps both cores
// busy on PostgreSQL; PGlite runs inside the worker, so two.
const WORKERS = { unit: 2, postgres: 3, pglite: 2 };

function fail(label) {
  totals.failed += 1;
  failures.push(label);
}

function runSync(label, command, commandArgs, env = {}) {
  console.log(`\n▶ ${label}`);
  const begun = Date.now();
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = (Date.now() - begun) / 1000;
  console.log(`◀ ${label}: ${Math.round(seconds)} s`);
  return { ok: result.status === 0, seconds };
}

async function checks() {
  // tsc is one process on one core; lint, format and the cycle check take the other.
  const lint = [
    'eslint',
    '.',
    '--max-warnings',
    '0',
    // Both caches live in node_modules/.cache: they speed a developer's second run and are
    // empty on CI's clean clone, so CI's figure never depends on an earlier run.
    '--cache',
    '--cache-location',
    'node_modules/.cache/eslint/',
  ];
  const format = ['prettier', '--check', '.', '--cache', '--log-level', 'warn'];
  const results = await Promise.all([
    runBuffered('typecheck', 'npx', ['tsc', '-b']).then((result) => [result]),
    (async () => [
      await runBuffered('lint', 'npx', lint),
      await runBuffered('format', 'npx', format),
      await runBuffered('import cycles', 'node', ['scripts/check-cycles.mjs']),
    ])(),
  ]);
  for (const result of results.flat()) {
    rows.push({ label: `${result.label} (checks run side by side)`, seconds: result.seconds });
    if (result.ok) totals.passed += 1;
    else fail(result.label);
  }
}

/** A vitest run; its JSON report is counted. A run that ran no test at all is a failure. */
function vitest(label, vitestArgs, env = {}) {
  const output = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const { ok, seconds } = runSync(
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
    rows.push({ label, seconds, note: 'no report' });
    return fail(`${label} (no report)`);
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  rows.push({
    label,
    seconds,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped,
  });
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += skipped;
  if (skipped > 0) {
    // A skip must say why: the names are printed, and each skip in the code names its reason.
    const names = report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => ['skipped', 'pending', 'todo'].includes(test.status))
        .map((test) => `${path.relative(root, file.name)}: ${test.fullName}`),
    );
    console.log(`\n${label}: ${skipped} skipped:\n  ${names.join('\n  ')}`);
  }
  if (report.numTotalTests === 0) return fail(`${label} (ran no tests)`);
  if (!ok) failures.push(label);
  if (!ok && report.numFailedTests === 0) totals.failed += 1; // a suite failed to load
}

async function apiTests() {
  // The fuzzing groups (fuzz-<group>.test.ts); fuzz-findings.test.ts holds the regression cases
  // of earlier findings and runs on both databases like any other file.
  const fuzzingGroups = readdirSync(path.join(root, 'apps/server/test/security'))
    .filter((file) => /^fuzz-.+\.test\.ts$/.test(file) && file !== 'fuzz-findings.test.ts')
    .map((file) => `apps/server/test/security/${file}`);
  // With a stress profile the stress phase runs the oversell and flood suites, with more trials.
  const reliability = stressProfile ? ['--exclude', 'apps/server/test/reliability/**'] : [];
  const url = process.env.TEST_DATABASE_URL;
  const requirePostgres = process.env.REQUIRE_POSTGRES_TESTS === '1';
  let onPostgres = false;
  if (url && (await postgresReachable(url))) onPostgres = true;
  else if (requirePostgres) {
    console.error('\nPostgreSQL API tests are required (REQUIRE_POSTGRES_TESTS=1) but cannot run.');
    rows.push({ label: 'API tests (PostgreSQL)', seconds: 0, note: 'could not run' });
    fail('API tests on PostgreSQL (TEST_DATABASE_URL not set or not reachable)');
  } else {
    console.log('\nPostgreSQL API tests skipped: TEST_DATABASE_URL is not set or not reachable.');
  }
  if (onPostgres) {
    vitest('API tests, fuzzing included (PostgreSQL)', ['--project', 'server', ...reliability], {
      TEST_DB_DRIVER: 'postgres',
      TEST_WORKERS: String(WORKERS.postgres),
    });
  }
  // On PGlite the same files again; the fuzzing, which checks the HTTP layer's answers rather
  // than the database's behaviour, runs once per run, on PostgreSQL when there is one.
  const exclude = onPostgres ? fuzzingGroups.flatMap((file) => ['--exclude', file]) : [];
  vitest(
    onPostgres ? 'API tests (PGlite)' : 'API tests, fuzzing included (PGlite)',
    ['--project', 'server', ...exclude, ...reliability],
    { TEST_DB_DRIVER: 'pglite', TEST_WORKERS: String(WORKERS.pglite) },
  );
}

function findChromium() {
  // The headless shell first: the same engine, about a third less time on 2 cores.
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean);
  return candidates.find((candidate) => existsSync(candidate));
}

function playwright() {
  const label = 'browser journeys (Chromium, desktop and phone)';
  const chromium = findChromium();
  if (!chromium) {
    const reason =
      'Browser tests skipped: no Chromium found (set CHROME_PATH or install /usr/bin/chromium).';
    if (process.env.REQUIRE_BROWSER_TESTS === '1') {
      console.error(reason.replace('skipped', 'required but cannot run'));
      rows.push({ label, seconds: 0, note: 'could not run' });
      fail('browser tests (no Chromium)');
    } else {
      console.log(`\n${reason}`);
    }
    return;
  }
  const buildStarted = Date.now();
  ensureWebBuild();
  rows.push({
    label: 'web build (shared by the journeys and npm start)',
    seconds: (Date.now() - buildStarted) / 1000,
  });
  const output = path.join(reportDir, 'playwright.json');
  const { ok, seconds } = runSync(
    label,
    'npx',
    ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
    {
      CHROME_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: output,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  );
  if (!existsSync(output)) {
    rows.push({ label, seconds, note: 'no report' });
    return fail('browser tests (no report)');
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const { stats } = report;
  if (stats.skipped > 0) {
    // A skip must say why: each journey's skip carries its reason, printed here.
    const skipped = [];
    const walk = (suite) => {
      for (const child of suite.suites ?? []) walk(child);
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          if (test.status === 'skipped')
            skipped.push(
              `${spec.file}: ${spec.title} [${test.projectName}]: ${test.annotations.map((a) => a.description).join('; ') || 'no reason given'}`,
            );
    };
    walk(report);
    console.log(`\n${label}: ${stats.skipped} skipped:\n  ${skipped.join('\n  ')}`);
  }
  rows.push({
    label,
    seconds,
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
  });
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  if (stats.expected + stats.flaky + stats.unexpected === 0) return fail(`${label} (ran none)`);
  if (!ok) failures.push('browser tests');
  if (!ok && stats.unexpected === 0) totals.failed += 1;
}

function stress() {
  const label = `stress suites (profile ${stressProfile})`;
  const { ok, seconds } = runSync(label, 'node', ['scripts/stress/run.mjs']);
  rows.push({ label, seconds });
  if (ok) totals.passed += 1;
  else fail(label);
}

if (wants('checks')) await checks();
if (wants('unit'))
  vitest(
    'unit tests (shared rules, web components, lint rules)',
    ['--project', 'shared', '--project', 'web', '--project', 'tooling'],
    { TEST_WORKERS: String(WORKERS.unit) },
  );
if (wants('api')) await apiTests();
if (wants('e2e')) playwright();
// The long reliability suites join when a stress profile is named, as CI does with
// STRESS_PROFILE=ci; `npm run test:stress` runs them alone (docs/security.md).
if (stressProfile && wants('stress')) stress();

const clock = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2)} s`;
};
const width = Math.max(...rows.map((row) => row.label.length), 10);
console.log(`\nPhase${' '.repeat(width - 5)}   wall time   passed  failed  skipped`);
for (const row of rows) {
  const counts =
    row.passed === undefined
      ? (row.note ?? '')
      : `${String(row.passed).padStart(6)}  ${String(row.failed).padStart(6)}  ${String(row.skipped).padStart(7)}`;
  console.log(`${row.label.padEnd(width)}   ${clock(row.seconds).padStart(9)}   ${counts}`);
}
console.log(`${'total'.padEnd(width)}   ${clock((Date.now() - started) / 1000).padStart(9)}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
if (totals.skipped) console.log(`\n${totals.skipped} skipped`);
// The last line is exactly 'N passed, N failed', for CI to read.
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
