import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4321);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 78);
// Workers inherit these, so journeys can read the server's mail outbox (e2e/support/outbox.ts).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'pharmacy-e2e-'));
process.env.E2E_OIDC_PORT = String(oidcPort);
// The Razorpay shop (scripts/e2e-razorpay-server.mjs) and its double; e2e/razorpay.spec.ts reads these.
const razorpayPort = Number(process.env.E2E_RAZORPAY_PORT ?? port + 2);
const razorpayDoublePort = Number(process.env.E2E_RAZORPAY_DOUBLE_PORT ?? port + 3);
process.env.E2E_RAZORPAY_PORT = String(razorpayPort);
process.env.E2E_RAZORPAY_DOUBLE_PORT = String(razorpayDoublePort);

/** Journeys run in Debian's Chromium against the real server on a fresh data directory. */
export default defineConfig({
  testDir: './e2e',
  // One folder per server port, so runs side by side never delete each other's traces.
  outputDir: `../../test-results/e2e-${port}`,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's headless shell when installed: the same engine, a third less time (decision 0019).
      executablePath:
        process.env.CHROME_PATH ??
        (existsSync('/usr/bin/chromium-headless-shell')
          ? '/usr/bin/chromium-headless-shell'
          : '/usr/bin/chromium'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: [
    {
      // Ready as soon as its Razorpay double listens: the shop behind it then boots beside the
      // main one (Playwright starts web servers one after another), and the Razorpay journey
      // waits for its /api/health.
      command: 'node ../../scripts/e2e-razorpay-server.mjs',
      url: `http://127.0.0.1:${razorpayDoublePort}/v1/checkout.js`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node ../../scripts/e2e-oidc.mjs',
      port: oidcPort,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
    },
    {
      command: 'node ../../scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
