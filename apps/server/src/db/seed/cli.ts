import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config/env';
import { openDatabase, type DatabaseHandle } from '../client';
import { generateLargeCatalogue } from './large-catalogue';
import { seedDemoCatalogue } from './seed-demo';
import { createStorage } from '../../lib/storage/index';

/**
 * `npm run seed` — migrate, then seed the demo catalogue on an empty database.
 * `npm run seed -- --products 100000` — also generate products until the catalogue holds that many.
 * Uses DATA_DIR (embedded PGlite) or DATABASE_URL like the server does.
 */
const USAGE = 'Usage: npm run seed [-- --products <N>] [--no-demo]';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function parseTarget(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--products must be a whole number, got '${value}'.\n${USAGE}`);
  return n;
}

async function main(): Promise<void> {
  let values: { products?: string; 'no-demo'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        products: { type: 'string', short: 'p' },
        'no-demo': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, {
      cause: error,
    });
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const target = parseTarget(values.products);
  const started = performance.now();
  // The seed signs no tokens: a placeholder secret keeps loadConfig from generating one into
  // DATA_DIR (or demanding JWT_SECRET in production).
  const config = loadConfig(undefined, { jwtSecret: 'unused-by-the-seed-command' });
  const where = config.databaseUrl
    ? `PostgreSQL (${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})`
    : `PGlite in ${config.dataDir}`;
  console.log(`Opening ${where} and applying migrations…`);

  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    console.log(`Database ready (${seconds(performance.now() - started)}).`);

    if (!values['no-demo']) {
      const t = performance.now();
      const storage = await createStorage(config);
      try {
        const demo = await seedDemoCatalogue(handle.db, {
          storage,
          minShelfLifeDays: config.minShelfLifeDays,
        });
        const where = config.s3
          ? `bucket ${config.s3.bucket}`
          : path.join(config.dataDir, 'uploads', 'catalog');
        console.log(
          demo.seeded
            ? `Demo catalogue: ${demo.products} products with images in ${where} (${seconds(performance.now() - t)}).`
            : 'Demo catalogue: skipped, the database already has products.',
        );
      } finally {
        await storage.close();
      }
    }

    if (target !== undefined) {
      console.log(`Generating products up to ${target.toLocaleString('en-IN')}…`);
      const result = await generateLargeCatalogue(handle.db, {
        products: target,
        minShelfLifeDays: config.minShelfLifeDays,
        log: (line) => console.log(line),
      });
      console.log(
        `Generated ${result.inserted.toLocaleString('en-IN')} products in ${seconds(result.ms)}.`,
      );
    }
    console.log(`Done in ${seconds(performance.now() - started)}.`);
  } finally {
    await handle?.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Seeding failed: ${message}`);
  process.exitCode = 1;
});
