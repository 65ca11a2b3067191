import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { DataDirLockedError } from './db/lock';
import { prepareData } from './startup';

/**
 * Logs are JSON lines (for log collectors) unless stdout is a terminal, where pino-pretty turns
 * them into readable lines. pino-pretty runs as a plain stream in this thread, not as a pino
 * transport: a transport is a worker thread with a V8 heap of its own, which the embedded shop's
 * 250 MB budget cannot spare (decision 0009). `sync` writes each line before the call returns, so
 * the lines logged just before process.exit are not lost. pino-pretty is loaded only for a
 * terminal, so a server writing to a pipe or a file does not load it at all; it is a dev
 * dependency, and without it (npm ci --omit=dev) the logs stay JSON.
 */
async function terminalLogger(): Promise<Record<string, unknown>> {
  if (!process.stdout.isTTY) return {};
  try {
    const { default: pretty } = await import('pino-pretty');
    // Colours follow pino-pretty's default: on in a terminal, off under NO_COLOR or TERM=dumb.
    return {
      stream: pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }),
    };
  } catch (error) {
    console.warn(
      `Logging JSON: pino-pretty could not be loaded (${error instanceof Error ? error.message.split('\n')[0] : error}).`,
    );
    return {};
  }
}

/** Entry point: listen, seed on first start, and close the database on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  // On a bucket nothing is written to DATA_DIR/uploads.
  if (!config.s3) mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
  const app = await buildApp(config, { logger: await terminalLogger() });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    const summary = await prepareData(app);
    await app.listen({ port: config.port, host: config.host });
    const url = `http://localhost:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}`;
    console.log(`\n  ${config.shopName} is running at ${url}`);
    console.log(
      `  Database: ${app.db.kind === 'pglite' ? `embedded (PGlite) in ${config.dataDir}` : 'PostgreSQL'}`,
    );
    if (summary.demoAdmin) {
      console.log(`  Demo admin login: ${summary.demoAdmin.email} / ${summary.demoAdmin.password}`);
    }
    console.log(`  API reference: ${url}/api/docs\n`);
  } catch (error) {
    app.log.error({ err: error }, 'failed to start');
    await app.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n  Cannot start: ${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
