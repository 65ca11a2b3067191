import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A PDF as text, read by poppler's pdftotext (column layout kept), whitespace runs as one space. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      .replace(/\s+/g, ' ')
      .trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
