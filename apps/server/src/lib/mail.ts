import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

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
    const transport = lazily(async () => (await loadNodemailer()).createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message });
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
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      await outbox();
      // Cut to stay well inside a file name's 255 bytes; the random part keeps every mail apart,
      // also between servers sharing DATA_DIR, and 'wx' never overwrites one.
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_').slice(0, 100);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}-${safeTo}.eml`;
      const file = path.join(options.outboxDir, name);
      // Written under a hidden name and renamed once complete, so whoever reads the outbox never
      // sees a mail that is still empty or half written (a browser journey once read one).
      const partial = path.join(options.outboxDir, `.${name}.partial`);
      const write = async () => {
        await writeFile(partial, info.message as Buffer, { mode: 0o600, flag: 'wx' });
        await rename(partial, file);
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
