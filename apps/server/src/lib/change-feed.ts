import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Tells the other server instances on the same PostgreSQL that the catalogue changed, so they
 * drop their cached answers at once instead of when the cache expires (ARCHITECTURE.md: LISTEN
 * and NOTIFY, no extra server). Each instance keeps one connection of its own, outside the pool,
 * listening on one channel; notifications carry the sender's id so it ignores its own.
 */
export interface ChangeFeed {
  /** This instance changed the catalogue: the others are told within milliseconds. */
  publish(): void;
  /** Called when another instance changed it, and after the feed reconnects (a change may have
   * been missed while it was away). */
  onRemoteChange(listener: () => void): void;
  close(): Promise<void>;
}

export const CATALOGUE_CHANNEL = 'catalogue_changed';
export const FEED_APPLICATION_NAME = 'medikart-change-feed';
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** One process, one cache: PGlite has no other instance to tell. */
export function createLocalChangeFeed(): ChangeFeed {
  return { publish() {}, onRemoteChange() {}, close: async () => {} };
}

export function createPostgresChangeFeed(options: {
  connection: pg.ClientConfig;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}): ChangeFeed {
  const instanceId = randomUUID();
  const listeners: Array<() => void> = [];
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  /** A publish while one is being sent: one more goes after it, carrying every change since. */
  let sending = false;
  let pending = false;

  const notifyListeners = () => {
    for (const listener of listeners) listener();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  const lost = (next: pg.Client, error: unknown) => {
    if (client !== next) return;
    client = undefined;
    next.removeAllListeners('notification');
    void next.end().catch(() => undefined);
    if (!closed) {
      options.log.warn({ err: error }, 'change feed: connection lost; reconnecting');
      scheduleReconnect();
    }
  };

  function connect(): Promise<void> {
    connecting ??= (async () => {
      // Named, so an operator (or a test) can tell these connections apart in pg_stat_activity.
      const next = new pg.Client({
        ...options.connection,
        application_name: FEED_APPLICATION_NAME,
      });
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next, new Error('connection ended')));
      next.on('notification', (message) => {
        if (message.channel === CATALOGUE_CHANNEL && message.payload !== instanceId) {
          notifyListeners();
        }
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      } catch (error) {
        void next.end().catch(() => undefined);
        if (!closed) {
          options.log.warn({ err: error }, 'change feed: cannot listen; retrying');
          scheduleReconnect();
        }
        return;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      const reconnected = retryMs > RECONNECT_MIN_MS;
      client = next;
      retryMs = RECONNECT_MIN_MS;
      if (reconnected) {
        options.log.info({}, 'change feed: listening again');
        // Whatever changed while this instance was deaf is no longer trusted in its caches.
        notifyListeners();
      }
      // A change made here while the connection was down is told now.
      if (pending && !sending) void send();
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  const send = async () => {
    sending = true;
    try {
      while (pending && client && !closed) {
        pending = false;
        await client
          .query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, instanceId])
          .catch((error: unknown) => {
            options.log.warn({ err: error }, 'change feed: could not notify the other instances');
          });
      }
    } finally {
      sending = false;
    }
  };

  void connect();

  return {
    publish() {
      pending = true;
      if (!sending) void send();
    },
    onRemoteChange(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await connecting;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
