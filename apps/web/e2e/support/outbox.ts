import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Mails are quoted-printable .eml files: undo soft line breaks and =XX escapes. */
function decodeQuotedPrintable(mail: string): string {
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function mailsIn(outbox: string): string[] {
  try {
    return readdirSync(outbox);
  } catch {
    return []; // no mail written yet
  }
}

/**
 * The newest mail the e2e server wrote to its outbox for this address that contains `expected`
 * (waits up to 10 s). The server sends mail after it has answered, so the mail a journey waits
 * for can arrive a moment after the page shows the result, behind older mails to the same person.
 */
export async function readLatestMail(to: string, expected: RegExp | string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const safe = to.replace(/[^a-z0-9@._-]/gi, '_');
  const matches = (mail: string) =>
    typeof expected === 'string' ? mail.includes(expected) : expected.test(mail);
  let newestSeen: string | undefined;
  for (let attempt = 0; attempt < 100; attempt++) {
    const newest = mailsIn(outbox)
      .filter((file) => file.endsWith(`-${safe}.eml`))
      .sort()
      .at(-1);
    if (newest) {
      newestSeen = decodeQuotedPrintable(readFileSync(path.join(outbox, newest), 'utf8'));
      if (matches(newestSeen)) return newestSeen;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `No mail for ${to} containing ${String(expected)} in ${outbox}` +
      (newestSeen ? `; the newest was:\n${newestSeen}` : ''),
  );
}

/** The first link in a mail that starts with the given text. */
export function linkIn(mail: string, startsWith: string): string {
  const match = new RegExp(`${startsWith.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s]+`).exec(
    mail,
  );
  if (!match) throw new Error(`No link starting with ${startsWith} in the mail`);
  return match[0];
}
