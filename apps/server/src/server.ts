import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { DataDirLockedError } from './db/lock';
import { prepareData } from './startup';

/** Entry point: listen, seed on first start, and close the database on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  // On a bucket nothing is written to DATA_DIR/uploads.
  if (!config.s3) mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
  const app = await buildApp(config);

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
