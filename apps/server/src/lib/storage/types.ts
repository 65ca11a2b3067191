import { randomBytes } from 'node:crypto';

/**
 * Where the shop keeps uploaded files: catalogue images (public, at /uploads/<folder>/<name>) and
 * prescription files (private, read only by the app after an access check). One interface for the
 * local disk (one server) and an S3 bucket (several servers); services never know which.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores a public file and answers its URL path, e.g. /uploads/products/ab12.png. */
  savePublic(folder: string, extension: string, content: Buffer): Promise<string>;
  /**
   * Stores a file derived from a public one at a URL chosen by the caller (a resized variant
   * beside its original, lib/image-variants.ts; a demo image); only /uploads/<folder>/<name> is
   * accepted.
   */
  savePublicAt(url: string, content: Buffer): Promise<void>;
  removePublic(url: string): Promise<void>;
  savePrivate(folder: string, extension: string, content: Buffer): Promise<string>;
  readPrivate(key: string): Promise<Buffer>;
  removePrivate(key: string): Promise<void>;
  /**
   * Where a browser reads a public file when this server does not send its bytes (the bucket),
   * and how long it may remember that answer; undefined when the app serves it from local disk.
   */
  publicLocation?(url: string): Promise<{ location: string; maxAgeSeconds: number }>;
  /** Origins, besides the shop's own, that images are loaded from (the CSP's img-src). */
  readonly imageOrigins: readonly string[];
  /** Resolves when the storage answers (readiness); rejects with the reason otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const SAFE_SEGMENT = /^[a-z0-9-]+$/;
export const SAFE_PUBLIC_URL = /^\/uploads\/[a-z0-9-]+\/[a-z0-9-]+\.[a-z0-9]+$/;
export const SAFE_PRIVATE_KEY = /^[a-z0-9-]+\/[a-z0-9-]+\.[a-z0-9]+$/;

/** Generated names are never reused, so a stored public file can be cached for good. */
export function newFileName(extension: string): string {
  return `${Date.now().toString(36)}-${randomBytes(12).toString('hex')}.${extension}`;
}
