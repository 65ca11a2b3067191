import { randomUUID } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe on reminder mails). */
  headers?: Record<string, string>;
}

/**
 * Which queued job a mail comes from (modules/notifications/mail-outbox.ts). A job run again after
 * its server died mid-send carries the same id: the outbox keeps one file per id, and SMTP
 * receivers see the same Message-ID and can drop the copy.
 */
export interface MailDelivery {
  id: string;
  /** When the job was queued (ISO): the outbox file's name starts with it, so names sort in order. */
  queuedAt: string;
}

export interface Mailer {
  send(message: MailMessage, delivery?: MailDelivery): Promise<void>;
}

/** How long an SMTP send may take before it fails and is retried (inside the job's expiry). */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 40_000 };

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written to DATA_DIR/outbox as an .eml file and
 * logged, so flows such as password reset work on one machine (DECISIONS).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    const transport = lazily(async () =>
      (await loadNodemailer()).createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
    );
    return {
      async send(message, delivery) {
        await (
          await transport()
        ).sendMail({
          from: options.from,
          ...message,
          ...(delivery ? { messageId: messageId(delivery.id, options.from) } : {}),
        });
      },
    };
  }
  const transport = lazily(async () =>
    (await loadNodemailer()).createTransport({
      streamTransport: true,
      buffer: true,
      newline: 'unix',
    }),
  );
  // Made once, not with every mail: a mkdir per order cost about 3 % of checkout's server time.
  const outbox = lazily(() => mkdir(options.outboxDir, { recursive: true }));
  return {
    async send(message, delivery) {
      const info = await (
        await transport()
      ).sendMail({
        from: options.from,
        ...message,
        ...(delivery ? { messageId: messageId(delivery.id, options.from) } : {}),
      });
      await outbox();
      // Cut to stay well inside a file name's 255 bytes; the id keeps every mail apart, also
      // between servers sharing DATA_DIR, and the same job's mail always has the same name.
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 100);
      const time = (delivery ? new Date(delivery.queuedAt) : new Date())
        .toISOString()
        .replace(/[:.]/g, '-');
      const name = `${time}-${delivery?.id ?? randomUUID()}-${safeTo}.eml`;
      const file = path.join(options.outboxDir, name);
      // Written under a hidden name and linked in once complete, so whoever reads the outbox never
      // sees a mail that is still empty or half written (a browser journey once read one); link
      // never replaces a file, so a job run twice leaves its one mail (EEXIST: already sent).
      const partial = path.join(options.outboxDir, `.${name}.${randomUUID()}.partial`);
      const write = async () => {
        await writeFile(partial, info.message as Buffer, { mode: 0o600, flag: 'wx' });
        try {
          await link(partial, file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        } finally {
          await unlink(partial).catch(() => {});
        }
      };
      try {
        await write();
      } catch (error) {
        // Someone emptied DATA_DIR/outbox by removing the folder: make it again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(options.outboxDir, { recursive: true });
        await write();
      }
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the outbox',
      );
    },
  };
}

function messageId(jobId: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${jobId}@${domain}>`;
}

/** nodemailer is loaded with the first mail, not at start: most requests never send one. */
async function loadNodemailer() {
  return (await import('nodemailer')).default;
}

function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    made.catch(() => (made = undefined)); // a failed load is tried again with the next mail
    return made;
  };
}
