import { parseArgs } from 'node:util';
import { loadConfig } from '../../config/env';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { checkAuditAnchor, verifyAuditChain } from './audit.service';

/**
 * `npm run audit:verify` — recomputes the audit chain (docs/security.md, "Audit chain") of the
 * database the server would open (DATABASE_URL, or the embedded one in DATA_DIR, which must not
 * be open in a running server). Prints the entry count and the head (`id:hash`, to be kept
 * somewhere the database's owner cannot change), or the first entry that no longer matches.
 * `--anchor id:hash` also checks a head recorded earlier. Exits 1 when anything does not match.
 * Reads only: no migration is applied.
 */
const USAGE = 'Usage: npm run audit:verify [-- --anchor <id>:<hash>]';

function parseAnchor(value: string | undefined): { id: number; hash: string } | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+):([0-9a-fA-F]{64})$/.exec(value.trim());
  if (!match)
    throw new Error(`--anchor must look like 123:<64 hex digits>, got '${value}'.\n${USAGE}`);
  return { id: Number(match[1]), hash: (match[2] as string).toLowerCase() };
}

async function main(): Promise<number> {
  let values: { anchor?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        anchor: { type: 'string', short: 'a' },
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
    return 0;
  }
  const anchor = parseAnchor(values.anchor);
  // Nothing is signed: a placeholder secret keeps loadConfig from generating one into DATA_DIR.
  const config = loadConfig(undefined, { jwtSecret: 'unused-by-the-audit-verify-command' });
  const where = config.databaseUrl
    ? `PostgreSQL (${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})`
    : `PGlite in ${config.dataDir}`;
  console.log(`Verifying the audit chain in ${where}…`);

  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      migrate: false,
    });
    const started = performance.now();
    const result = await verifyAuditChain(handle.db);
    const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    if (!result.ok && result.firstMismatch) {
      const m = result.firstMismatch;
      console.error(
        `MISMATCH at entry #${m.id} (${m.action}, ${m.occurredAt}): ${m.reason}.\n` +
          `${result.entries} entries before it match; the last of them has hash ${result.headHash}.`,
      );
      return 1;
    }
    console.log(`OK: ${result.entries} entries verified in ${took}.`);
    console.log(`Head: ${result.entries}:${result.headHash}`);
    if (anchor) {
      const anchored = await checkAuditAnchor(handle.db, anchor);
      if (!anchored.ok) {
        console.error(
          `ANCHOR MISMATCH: ${anchored.reason} (recorded ${anchor.id}:${anchor.hash}).`,
        );
        return 1;
      }
      console.log(`Anchor ${anchor.id}:${anchor.hash.slice(0, 12)}… is still in the chain.`);
    }
    return 0;
  } finally {
    await handle?.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // drizzle wraps the driver's error ('Failed query: …') and keeps it as the cause.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const message = cause instanceof Error ? cause.message : String(cause);
    console.error(
      (cause as { code?: string }).code === '42P01'
        ? 'No audit log in this database yet: start the shop once so its migrations run.'
        : `Audit verification failed to run: ${message}`,
    );
    process.exitCode = 2;
  },
);
