import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  SAFE_PRIVATE_KEY,
  SAFE_PUBLIC_URL,
  SAFE_SEGMENT,
  newFileName,
  type FileStorage,
} from './types';

/**
 * Files on local disk under DATA_DIR: `uploads/` is public (served at /uploads/ by the app),
 * `private/` is never served directly (prescriptions go through an access-checked route). For one
 * server: a second instance would not see these files (use S3, lib/storage/s3.ts).
 */
export function createLocalStorage(dataDir: string): FileStorage {
  const publicRoot = path.join(dataDir, 'uploads');
  const privateRoot = path.join(dataDir, 'private');

  function resolveInside(root: string, relative: string): string {
    const full = path.resolve(root, relative);
    if (!full.startsWith(root + path.sep)) throw new Error('path escapes the storage root');
    return full;
  }

  return {
    kind: 'local',
    imageOrigins: [],
    async savePublic(folder, extension, content) {
      if (!SAFE_SEGMENT.test(folder)) throw new Error('bad folder');
      const name = newFileName(extension);
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
      const key = `${folder}/${newFileName(extension)}`;
      await mkdir(path.join(privateRoot, folder), { recursive: true, mode: 0o700 });
      await writeFile(path.join(privateRoot, key), content, { mode: 0o600 });
      return key;
    },
    readPrivate(key) {
      if (!SAFE_PRIVATE_KEY.test(key)) return Promise.reject(new Error('bad private key'));
      return readFile(resolveInside(privateRoot, key));
    },
    async removePrivate(key) {
      await rm(resolveInside(privateRoot, key), { force: true });
    },
    async ping() {
      await access(dataDir);
    },
    async close() {},
  };
}
