// The server the browser tests run against: a fresh data directory with the demo catalogue.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

// playwright.config.ts chooses the directory so journeys can read the mail outbox.
process.env.DATA_DIR =
  process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'pharmacy-e2e-'));
process.env.PORT = process.env.E2E_PORT ?? '4321';
process.env.HOST = '127.0.0.1';
process.env.SEED_DEMO = 'true';
process.env.LOG_LEVEL = process.env.E2E_LOG_LEVEL ?? 'warn';
// Every journey signs up from 127.0.0.1; the production limit (20 a minute) would throttle the suite.
process.env.SIGNUP_RATE_LIMIT = '1000';
delete process.env.DATABASE_URL;
// Google sign-in against the local OIDC provider started beside this server (scripts/e2e-oidc.mjs).
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT}`;
process.env.GOOGLE_CLIENT_ID = 'e2e-shop';
process.env.GOOGLE_CLIENT_SECRET = 'e2e-shop-secret';
process.env.OIDC_ISSUER_URL = `http://127.0.0.1:${process.env.E2E_OIDC_PORT ?? 4399}`;
register();
await import('../apps/server/src/server.ts');
