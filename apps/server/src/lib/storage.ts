import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files on local disk under DATA_DIR: `uploads/` is public (served at /uploads/), `private/` is
 * never served directly (prescriptions go through an access-checked route).
 */
export interface FileStorage {
  /** Stores a public file and answers its URL path, e.g. /uploads/products/ab12.png. */
  savePublic(folder: string, extension: string, content: Buffer): Promise<string>;
  /**
   * Stores a file derived from a public one at a URL chosen by the caller (a resized variant
   * beside its original, lib/image-variants.ts); only /uploads/<folder>/<name> is accepted.
   */
  savePublicAt(url: string, content: Buffer): Promise<void>;
  removePublic(url: string): Promise<void>;
  savePrivate(folder: string, extension: string, content: Buffer): Promise<string>;
  readPrivate(key: string): Promise<Buffer>;
  removePrivate(key: string): Promise<void>;
}

const SAFE_SEGMENT = /^[a-z0-9-]+$/;
const SAFE_PUBLIC_URL = /^\/uploads\/[a-z0-9-]+\/[a-z0-9-]+\.[a-z0-9]+$/;

export function createLocalStorage(dataDir: string): FileStorage {
  const publicRoot = path.join(dataDir, 'uploads');
  const privateRoot = path.join(dataDir, 'private');
  const newName = (extension: string) =>
    `${Date.now().toString(36)}-${randomBytes(12).toString('hex')}.${extension}`;

  function resolveInside(root: string, relative: string): string {
    const full = path.resolve(root, relative);
    if (!full.startsWith(root + path.sep)) throw new Error('path escapes the storage root');
    return full;
  }

  return {
    async savePublic(folder, extension, content) {
      if (!SAFE_SEGMENT.test(folder)) throw new Error('bad folder');
      const name = newName(extension);
      await mkdir(path.join(publicRoot, folder), { recursive: true });
      await writeFile(path.join(publicRoot, folder, name), content);
      return `/uploads/${folder}/${name}`;
    },
    async savePublicAt(url, content) {
      if (!SAFE_PUBLIC_URL.test(url)) throw new Error('bad public url');
      const full = resolveInside(publicRoot, url.slice('/uploads/'.length));
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, content);
    },
    async removePublic(url) {
      if (!url.startsWith('/uploads/')) return;
      await rm(resolveInside(publicRoot, url.slice('/uploads/'.length)), { force: true });
    },
    async savePrivate(folder, extension, content) {
      if (!SAFE_SEGMENT.test(folder)) throw new Error('bad folder');
      const key = `${folder}/${newName(extension)}`;
      await mkdir(path.join(privateRoot, folder), { recursive: true, mode: 0o700 });
      await writeFile(path.join(privateRoot, key), content, { mode: 0o600 });
      return key;
    },
    readPrivate: (key) => readFile(resolveInside(privateRoot, key)),
    async removePrivate(key) {
      await rm(resolveInside(privateRoot, key), { force: true });
    },
  };
}
