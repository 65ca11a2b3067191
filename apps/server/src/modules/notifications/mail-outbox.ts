import type { DbOrTx } from '../../db/client';
import type { Mailer, MailMessage } from '../../lib/mail';
import type { AppConfig } from '../../config/env';
import type { JobQueue, QueueSettings } from '../jobs/job-queue';

export const MAIL_QUEUE = 'send-mail';

/** The mail queue's retries and timeout, which the other mail-like queues start from. */
export const mailQueueSettings = (jobs: AppConfig['jobs']): QueueSettings => ({
  retryLimit: jobs.mailRetryLimit,
  retryDelaySeconds: jobs.mailRetryDelaySeconds,
  expireSeconds: jobs.timeoutSeconds,
});

/** What a queued mail job holds: the message as rendered when its cause committed. */
export interface QueuedMail extends MailMessage {
  /** What kind of mail it is (shown on the admin's job screen). */
  kind: string;
  queuedAt: string;
}

/**
 * Every e-mail of the shop goes through here (issue 17): queued in the transaction of the change
 * that causes it, sent by a worker, retried with backoff when the mail server refuses.
 */
export function createMailOutbox(deps: { jobs: JobQueue; mailer: Mailer }) {
  deps.jobs.work<QueuedMail>(MAIL_QUEUE, async (job) => {
    const { kind: _kind, queuedAt, ...message } = job.data;
    await deps.mailer.send(message, { id: job.id, queuedAt });
  });
  return {
    async enqueue(tx: DbOrTx, kind: string, message: MailMessage): Promise<void> {
      const mail: QueuedMail = { ...message, kind, queuedAt: new Date().toISOString() };
      await deps.jobs.enqueue(tx, MAIL_QUEUE, mail);
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
