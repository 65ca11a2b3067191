import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every file under a directory, relative, with its size: the whole tree, sorted. */
export function fileTree(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return `${path.relative(dir, full)} ${statSync(full).size}`;
      })
      .sort();
  } catch {
    return [];
  }
}

/** The stored files of DATA_DIR (public uploads/ and private/): none when the shop is on S3. */
export const storedFilesIn = (dataDir: string): string[] =>
  fileTree(dataDir).filter((line) => /^(uploads|private)[\\/]/.test(line));
