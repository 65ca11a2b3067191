import type { AppConfig } from '../../config/env';
import {
  SAFE_PRIVATE_KEY,
  SAFE_PUBLIC_URL,
  SAFE_SEGMENT,
  newFileName,
  type FileStorage,
} from './types';

export type S3StorageConfig = NonNullable<AppConfig['s3']>;

/** Public images live under this prefix, prescriptions under `private/` (never public). */
const PUBLIC_PREFIX = 'uploads/';
const PRIVATE_PREFIX = 'private/';
/** Every public file gets a new name (lib/storage/types.ts newFileName), so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Presigned image URLs are signed for a fixed window, not per request: every request (and every
 * instance, since the signature depends only on key, time and credentials) in one window gets the
 * same URL, so browsers and proxies cache the redirect and the image. Each URL stays valid one
 * window beyond the end of the one it was made in, longer than any browser keeps the redirect.
 */
const PRESIGN_WINDOW_SECONDS = 3_600;
const PING_TIMEOUT_MS = 2_000;

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

const contentTypeOf = (name: string) =>
  CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/**
 * The AWS SDK is imported here, when a bucket is configured, not at the top of the module: the
 * server bundle hoists static imports, and a shop on local disk should not load it (start-up time
 * and memory).
 */
export async function createS3Storage(config: S3StorageConfig): Promise<FileStorage> {
  const [
    { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client },
    { getSignedUrl },
  ] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // S3-compatible servers address buckets by path; AWS by host name.
    forcePathStyle: Boolean(config.endpoint),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default (since 2025) adds CRC checksums in trailing headers of a chunked body,
    // which many S3-compatible servers do not read; S3 itself checks Content-MD5 when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket } = config;
  const publicBase = config.publicUrl?.replace(/\/$/, '');
  // Where presigned URLs point, taken from one: virtual-hosted on AWS, but path-style for a bucket
  // name with dots, and the endpoint's own host elsewhere; the CSP must name exactly that origin.
  const bucketOrigin = new URL(
    await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 'uploads/x.png' }), {
      expiresIn: 60,
    }),
  ).origin;

  const publicKey = (url: string) => {
    if (!SAFE_PUBLIC_URL.test(url)) throw new Error('bad public url');
    return `${PUBLIC_PREFIX}${url.slice('/uploads/'.length)}`;
  };
  const privateKey = (key: string) => {
    if (!SAFE_PRIVATE_KEY.test(key)) throw new Error('bad private key');
    return `${PRIVATE_PREFIX}${key}`;
  };

  const putPublic = (url: string, content: Buffer) =>
    client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: publicKey(url),
        Body: content,
        ContentType: contentTypeOf(url),
        CacheControl: IMMUTABLE,
      }),
    );

  /** Signed URLs of the current window by key; a window's worth of distinct images at most. */
  const signed = new Map<string, string>();
  let signedWindow = -1;

  return {
    kind: 's3',
    imageOrigins: [publicBase ? new URL(publicBase).origin : bucketOrigin],
    async savePublic(folder, extension, content) {
      if (!SAFE_SEGMENT.test(folder)) throw new Error('bad folder');
      const url = `/uploads/${folder}/${newFileName(extension)}`;
      await putPublic(url, content);
      return url;
    },
    async savePublicAt(url, content) {
      await putPublic(url, content);
    },
    async removePublic(url) {
      // A URL no upload of ours could have (an imported row) has no object to remove.
      if (!SAFE_PUBLIC_URL.test(url)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: publicKey(url) }));
    },
    async savePrivate(folder, extension, content) {
      if (!SAFE_SEGMENT.test(folder)) throw new Error('bad folder');
      const key = `${folder}/${newFileName(extension)}`;
      // No ACL and no cache header: the object is readable only with the shop's credentials.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: privateKey(key),
          Body: content,
          ContentType: 'application/octet-stream',
        }),
      );
      return key;
    },
    async readPrivate(key) {
      const object = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: privateKey(key) }),
      );
      if (!object.Body) throw new Error('empty object');
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async removePrivate(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: privateKey(key) }));
    },
    async publicLocation(url) {
      const key = publicKey(url);
      if (publicBase) return { location: `${publicBase}/${key}`, maxAgeSeconds: 31_536_000 };
      const nowSeconds = Math.floor(Date.now() / 1000);
      const window = Math.floor(nowSeconds / PRESIGN_WINDOW_SECONDS);
      if (window !== signedWindow) {
        signed.clear();
        signedWindow = window;
      }
      let location = signed.get(key);
      if (!location) {
        location = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), {
          expiresIn: 2 * PRESIGN_WINDOW_SECONDS,
          signingDate: new Date(window * PRESIGN_WINDOW_SECONDS * 1000),
        });
        if (signed.size < 20_000) signed.set(key, location);
      }
      return {
        location,
        maxAgeSeconds: (window + 1) * PRESIGN_WINDOW_SECONDS - nowSeconds,
      };
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }), {
        abortSignal: AbortSignal.timeout(PING_TIMEOUT_MS),
      });
    },
    async close() {
      client.destroy();
    },
  };
}
