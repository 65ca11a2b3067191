import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mail';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function outboxMailer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-test-'));
  folders.push(dataDir);
  const outboxDir = path.join(dataDir, 'outbox');
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Shop <shop@example.com>',
    outboxDir,
    log: pino({ enabled: false }),
  });
  return { mailer, outboxDir };
}

describe('the outbox mailer (no SMTP_URL)', () => {
  it('keeps every mail, even two to one person at once', async () => {
    const { mailer, outboxDir } = outboxMailer();
    await Promise.all([
      mailer.send({ to: 'asha@example.com', subject: 'First', text: 'one' }),
      mailer.send({ to: 'asha@example.com', subject: 'Second', text: 'two' }),
    ]);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(2);
    // Complete mails only: the hidden partial names are gone once send() has resolved.
    expect(files.every((file) => file.endsWith('-asha@example.com.eml'))).toBe(true);
    const subjects = files.map((file) => readFileSync(path.join(outboxDir, file), 'utf8'));
    expect(subjects.some((mail) => mail.includes('Subject: First'))).toBe(true);
    expect(subjects.some((mail) => mail.includes('Subject: Second'))).toBe(true);
  });

  it('makes the outbox again when someone removed it', async () => {
    const { mailer, outboxDir } = outboxMailer();
    await mailer.send({ to: 'ravi@example.com', subject: 'Before', text: 'one' });
    rmSync(outboxDir, { recursive: true });
    await mailer.send({ to: 'ravi@example.com', subject: 'After', text: 'two' });
    expect(readdirSync(outboxDir)).toHaveLength(1);
  });
});
