import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real entry point as `npm start` runs it, on an embedded data directory: the directory lock
 * (a second server must not open the same PGlite files) and data kept across a restart. Only
 * meaningful on PGlite, so it does not repeat on PostgreSQL.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pharmacy-process-'));
const running = new Set<ChildProcess>();

interface Started {
  child: ChildProcess;
  url: string;
}

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

/** Resolves with the URL the server prints once it listens; rejects if it exits first. */
function whenListening(child: ChildProcess): Promise<Started> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1] });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Resolves with the exit code and everything the process printed. */
function whenExited(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

afterAll(async () => {
  await Promise.all([...running].map((child) => stop(child)));
  rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf((process.env.TEST_DB_DRIVER ?? 'pglite') === 'pglite')(
  'the server process on its embedded database (PGlite runs only)',
  () => {
    it('refuses a second server on the same data directory and keeps its data across a restart', async () => {
      const first = await whenListening(startServer());
      const health = await fetch(`${first.url}/api/health`);
      expect(health.status).toBe(200);

      const subscribe = await fetch(`${first.url}/api/site/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'kept@example.com' }),
      });
      expect(subscribe.status).toBe(201);

      const startedAt = Date.now();
      const second = await whenExited(startServer());
      expect(second.code).toBe(1);
      expect(second.output).toContain('Cannot start: The data directory');
      expect(second.output).toContain('is in use by another server');
      // "At once": no waiting for the database; the lock is the first thing it checks.
      expect(Date.now() - startedAt).toBeLessThan(30_000);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

      await stop(first.child);
      const again = await whenListening(startServer());
      const repeat = await fetch(`${again.url}/api/site/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'kept@example.com' }),
      });
      // 200, not 201: the subscription made before the restart is still there.
      expect(repeat.status).toBe(200);
      await stop(again.child);
    }, 120_000);
  },
);
