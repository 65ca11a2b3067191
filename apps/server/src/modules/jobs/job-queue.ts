import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, ExecuteSql } from '../../db/client';
import { inTransaction } from './sql-adapter';

/**
 * Background work kept in the shop's own database (decision 0014): pg-boss over the same
 * PostgreSQL or embedded PGlite. A job is written by the transaction that causes it, so it exists
 * exactly when that change committed; workers on every server instance take jobs with SKIP LOCKED,
 * so each runs on one of them; a failed run is retried with growing delays and ends 'failed'.
 */
export interface QueueSettings {
  /** Tries after the first before a job is left failed. */
  retryLimit: number;
  /** First retry delay; each next one doubles (with jitter). */
  retryDelaySeconds: number;
  /**
   * A job still running after this long is taken to belong to a server that died and is run
   * again (so it must finish well inside it).
   */
  expireSeconds: number;
  /**
   * Every job carries a singletonKey, and one waiting per key is enough (pg-boss's 'short'
   * policy: a send while one with its key waits adds nothing). Without a key such a queue would
   * hold one job in all.
   */
  onePerKey?: boolean;
}

export interface EnqueueOptions {
  /** On a queue with `onePerKey`: not queued while a job with this key waits. */
  singletonKey?: string;
  startAfter?: Date;
}

export interface RunningJob<Data> {
  id: string;
  name: string;
  data: Data;
  /** 0 on the first run. */
  retryCount: number;
}

export type JobHandler<Data> = (job: RunningJob<Data>) => Promise<void>;

export interface JobSummary {
  id: string;
  queue: string;
  state: string;
  retryCount: number;
  retryLimit: number;
  createdOn: string;
  startAfter: string;
  completedOn: string | null;
  data: unknown;
  lastError: string | null;
}

export interface QueueCounts {
  queue: string;
  waiting: number;
  retrying: number;
  active: number;
  completed: number;
  failed: number;
}

/** Deadlock, unique violation, relation already exists: what a concurrent queue creation gives. */
const RACE_CODES = new Set(['40P01', '23505', '42P07']);

interface Registration {
  handler: JobHandler<unknown>;
  /** The job this process is working now on this queue, if any. */
  inFlight: Promise<number> | undefined;
  timer: NodeJS.Timeout | undefined;
}

/** What a failure says in the log: never the error's own fields (a mail error names recipients). */
function failureFields(error: unknown) {
  const fields = (error ?? {}) as { code?: unknown; responseCode?: unknown; name?: unknown };
  return {
    errorName: typeof fields.name === 'string' ? fields.name : undefined,
    code: typeof fields.code === 'string' ? fields.code : undefined,
    responseCode: typeof fields.responseCode === 'number' ? fields.responseCode : undefined,
  };
}

export function createJobQueue(options: {
  executeSql: ExecuteSql;
  log: FastifyBaseLogger;
  /** How often each worker looks for due jobs. */
  pollIntervalMs: number;
  /**
   * Maintenance (expiring jobs of dead servers, archiving finished ones) runs this often on
   * every instance; pg-boss takes a lock so one of them does it.
   */
  maintenanceIntervalSeconds?: number;
}) {
  const newBoss = () => {
    const created = new PgBoss({
      db: { executeSql: options.executeSql },
      supervise: true,
      schedule: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      // Done jobs leave the live table after an hour; failed ones stay there, listed on the
      // admin's job screen and retryable, for a week. Archived jobs are deleted a week later.
      archiveCompletedAfterSeconds: 60 * 60,
      archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
      deleteAfterDays: 7,
    });
    created.on('error', (error: unknown) =>
      options.log.error({ ...failureFields(error) }, 'job queue error'),
    );
    return created;
  };
  let boss = newBoss();
  const registrations = new Map<string, Registration>();
  let started = false;
  let polling = false;
  let stopping = false;

  /**
   * One job at a time: pg-boss starts a job's timeout when it is fetched, so a fetched batch of
   * slow sends could outlive it and be run a second time elsewhere.
   */
  async function runOne(queue: string, registration: Registration): Promise<number> {
    const [job] = await boss.fetch<unknown>(queue, { batchSize: 1, includeMetadata: true });
    if (!job) return 0;
    try {
      await registration.handler({
        id: job.id,
        name: job.name,
        data: job.data,
        retryCount: job.retryCount,
      });
      await boss.complete(queue, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log.warn(
        { queue, jobId: job.id, try: job.retryCount + 1, ...failureFields(error) },
        'job failed',
      );
      await boss.fail(queue, job.id, { message });
    }
    return 1;
  }

  /** The queue's job in flight in this process, or the next one (0 when none is due). */
  function runQueue(queue: string, registration: Registration): Promise<number> {
    if (registration.inFlight) return registration.inFlight;
    const run = runOne(queue, registration)
      .catch((error: unknown) => {
        options.log.error({ queue, ...failureFields(error) }, 'job queue poll failed');
        return 0;
      })
      .finally(() => {
        registration.inFlight = undefined;
      });
    registration.inFlight = run;
    return run;
  }

  /** Each queue has its own loop, so a long fan-out never holds the mail back. */
  function schedule(queue: string, registration: Registration, delayMs: number) {
    if (stopping || !started || !polling) return;
    clearTimeout(registration.timer);
    registration.timer = setTimeout(() => {
      runQueue(queue, registration)
        .then((done) => schedule(queue, registration, done > 0 ? 0 : options.pollIntervalMs))
        .catch(() => schedule(queue, registration, options.pollIntervalMs));
    }, delayMs);
    registration.timer.unref();
  }

  return {
    /** Creates pg-boss's tables (its own migrations, under a lock) and the queues. */
    async start(settings: Record<string, QueueSettings>, { poll }: { poll: boolean }) {
      // pg-boss creates its schema under an advisory lock, but an instance that waited on that
      // lock can still miss the schema the winner just committed (PostgreSQL's catalog cache is
      // not refreshed by an advisory lock) and fail with a unique violation on pg_namespace. A
      // PgBoss that failed to start stays 'starting' for good, so a fresh one tries again and
      // finds the schema made.
      for (let attempt = 1; ; attempt++) {
        try {
          await boss.start();
          break;
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (attempt >= 5 || !RACE_CODES.has(String(code))) throw error;
          boss = newBoss();
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
        }
      }
      for (const [queue, queueSettings] of Object.entries(settings)) {
        const queueOptions = {
          name: queue,
          policy: queueSettings.onePerKey ? ('short' as const) : ('standard' as const),
          retryLimit: queueSettings.retryLimit,
          retryDelay: queueSettings.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: queueSettings.expireSeconds,
        };
        // Instances starting together race to create a queue (its partition): the loser sees a
        // deadlock or a duplicate and finds the queue made on its next look.
        for (let attempt = 1; ; attempt++) {
          try {
            if (await boss.getQueue(queue)) await boss.updateQueue(queue, queueOptions);
            else await boss.createQueue(queue, queueOptions);
            break;
          } catch (error) {
            const code = (error as { code?: unknown }).code;
            if (attempt >= 5 || !RACE_CODES.has(String(code))) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
          }
        }
      }
      started = true;
      polling = poll;
      for (const [queue, registration] of registrations) schedule(queue, registration, 0);
    },

    /** Runs `handler` for each job of `queue` on this instance. */
    work<Data>(queue: string, handler: JobHandler<Data>) {
      registrations.set(queue, {
        handler: handler as JobHandler<unknown>,
        inFlight: undefined,
        timer: undefined,
      });
    },

    /**
     * Adds a job inside the caller's transaction: it is visible to workers only once that
     * transaction commits, and never if it rolls back.
     */
    async enqueue(tx: DbOrTx, queue: string, data: object, enqueueOptions: EnqueueOptions = {}) {
      await boss.send(queue, data, {
        db: inTransaction(tx),
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
      });
      // Look soon rather than at the next tick: the job shows once the caller commits.
      const registration = registrations.get(queue);
      if (registration) schedule(queue, registration, 20);
    },

    /** A cron schedule (UTC); pg-boss makes one job per slot however many instances run. */
    async scheduleCron(queue: string, expression: string) {
      await boss.schedule(queue, expression, {}, { tz: 'UTC' });
    },

    /**
     * Works every due job until none is left (tests, and a graceful stop). Jobs waiting for a
     * retry delay are not due.
     */
    async drain(): Promise<void> {
      for (let pass = 0; pass < 100_000; pass++) {
        const done = await Promise.all(
          [...registrations].map(([queue, registration]) => runQueue(queue, registration)),
        );
        if (done.every((count) => count === 0)) return;
      }
    },

    async counts(): Promise<QueueCounts[]> {
      const { rows } = await options.executeSql(
        `SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY 1, 2
         UNION ALL
         SELECT name, state::text, count(*)::int FROM pgboss.archive
          WHERE state = 'completed' GROUP BY 1, 2`,
      );
      const byQueue = new Map<string, QueueCounts>();
      for (const queue of registrations.keys()) {
        byQueue.set(queue, { queue, waiting: 0, retrying: 0, active: 0, completed: 0, failed: 0 });
      }
      for (const row of rows) {
        const entry = byQueue.get(String(row.name));
        if (!entry) continue;
        const n = Number(row.n);
        if (row.state === 'created') entry.waiting += n;
        else if (row.state === 'retry') entry.retrying += n;
        else if (row.state === 'active') entry.active += n;
        else if (row.state === 'completed') entry.completed += n;
        else if (row.state === 'failed') entry.failed += n;
      }
      return [...byQueue.values()];
    },

    /** Jobs in a state, newest first (the admin's job screen). */
    async list(
      state: 'failed' | 'retry' | 'created' | 'active',
      limit = 100,
    ): Promise<JobSummary[]> {
      const { rows } = await options.executeSql(
        `SELECT id::text, name, state::text, retry_count, retry_limit, created_on, start_after,
                completed_on, data, output
           FROM pgboss.job WHERE state = $1::pgboss.job_state
          ORDER BY created_on DESC LIMIT $2`,
        [state, limit],
      );
      return rows.map((row) => ({
        id: String(row.id),
        queue: String(row.name),
        state: String(row.state),
        retryCount: Number(row.retry_count),
        retryLimit: Number(row.retry_limit),
        createdOn: toIso(row.created_on),
        startAfter: toIso(row.start_after),
        completedOn: row.completed_on ? toIso(row.completed_on) : null,
        data: row.data,
        lastError: errorMessage(row.output),
      }));
    },

    /** Puts a failed job back in line; false when there is no such failed job. */
    async retry(queue: string, id: string): Promise<boolean> {
      const { rows } = await options.executeSql(
        `SELECT 1 FROM pgboss.job WHERE name = $1 AND id = $2::uuid AND state = 'failed'`,
        [queue, id],
      );
      if (rows.length === 0) return false;
      await boss.retry(queue, id);
      const registration = registrations.get(queue);
      if (registration) schedule(queue, registration, 0);
      return true;
    },

    async stop() {
      stopping = true;
      for (const registration of registrations.values()) clearTimeout(registration.timer);
      await Promise.all([...registrations.values()].map((registration) => registration.inFlight));
      if (started) await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

function toIso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function errorMessage(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const record = output as { message?: unknown; value?: { message?: unknown } };
  const message = record.message ?? record.value?.message;
  return typeof message === 'string' ? message : null;
}
