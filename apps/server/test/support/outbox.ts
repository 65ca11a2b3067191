import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
  headers: Map<string, unknown>;
}

/** Every mail the outbox mailer wrote to `<dataDir>/outbox`, oldest first, parsed as MIME. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return []; // nothing sent yet
  }
  const mails = await Promise.all(
    names.sort().map(async (file) => {
      const parsed = await simpleParser(readFileSync(path.join(dir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      return {
        file,
        to: to?.value[0]?.address ?? '',
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        messageId: parsed.messageId ?? '',
        headers: parsed.headers,
      };
    }),
  );
  return mails;
}
