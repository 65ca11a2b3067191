import pg from 'pg';
import type { DatabaseHandle } from '../../db/client';
import * as repository from './site.repository';

/** A ping slower than this means the database is not usable: 503, not a hanging health check. */
const PING_TIMEOUT_MS = 2_000;

export interface HealthProbe {
  ping(): Promise<void>;
  close(): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The database check of /api/health. On PostgreSQL it uses a connection of its own, opened with
 * the settings the database handle gives for one: when a flood of catalogue requests holds every pooled connection, the
 * health check would otherwise wait in the pool's queue and report a healthy database as slow
 * (issue 7 flood test). A broken connection is dropped and opened again on the next check.
 * On PGlite there is one engine on this thread; the load gate keeps its queue short instead.
 */
export function createHealthProbe(database: DatabaseHandle): HealthProbe {
  const settings = database.dedicatedConnection;
  if (!settings) {
    return {
      ping: () => withTimeout(repository.pingDatabase(database.db), PING_TIMEOUT_MS),
      close: async () => {},
    };
  }
  let client: Promise<pg.Client> | undefined;
  let closed = false;
  const connect = async () => {
    const next = new pg.Client(settings);
    // An error on an idle connection is reported by the next ping; without a listener it
    // would end the process.
    next.on('error', () => {
      client = undefined;
    });
    await next.connect();
    return next;
  };
  const drop = async () => {
    const current = client;
    client = undefined;
    await current?.then((c) => c.end()).catch(() => undefined);
  };
  return {
    async ping() {
      if (closed) throw new Error('the health probe is closed');
      client ??= connect();
      try {
        await withTimeout(
          client.then((c) => c.query('select 1')),
          PING_TIMEOUT_MS,
        );
      } catch (error) {
        await drop();
        throw error;
      }
    },
    async close() {
      closed = true;
      await drop();
    },
  };
}
