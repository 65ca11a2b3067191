import { fork, type ChildProcess } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../../src/config/env';

export type S3Config = NonNullable<AppConfig['s3']>;

export interface StoredObject {
  key: string;
  size: number;
}

/**
 * A real S3-compatible server (s3rver) in a process of its own on a free port of this machine, in
 * a temporary directory, with one fresh bucket. s3rver checks the access key id of a request but
 * neither its SigV4 signature (see verifyPresignedGet) nor ACLs: any object can be read
 * anonymously, so privacy is proven by what the app gives out, not by the bucket.
 */
export interface TestBucket {
  /** The `s3` settings for buildTestApp({ s3 }) or createS3Storage. */
  config: S3Config;
  /** http://127.0.0.1:<port>, where the bucket answers (path style: <origin>/<bucket>/<key>). */
  origin: string;
  /**
   * Every object of the bucket with its size, sorted by key: all pages of the listing, read
   * `pageSize` keys at a time (1,000, the S3 maximum, unless given).
   */
  objects(pageSize?: number): Promise<StoredObject[]>;
  /** `key size` lines, sorted: a readable before/after comparison. */
  objectLines(): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  /** Stops the server (idempotent) and removes its directory. */
  stop(): Promise<void>;
}

/** s3rver knows this one account; it refuses any other access key id. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const SERVER_SCRIPT = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

function startServer(
  directory: string,
  bucket: string,
): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(SERVER_SCRIPT, [JSON.stringify({ directory, bucket })], {
    // Only this flag: the test worker's own flags (loaders) are not needed there.
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`s3rver did not start within ${START_TIMEOUT_MS} ms\n${stderr}`));
    }, START_TIMEOUT_MS);
    child.once('message', (message: { port?: number }) => {
      clearTimeout(timer);
      if (typeof message.port === 'number') resolve({ child, port: message.port });
      else reject(new Error(`s3rver sent ${JSON.stringify(message)}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code ?? signal}) before it started\n${stderr}`));
    });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send('stop');
    else child.kill('SIGTERM');
  });
}

export async function startTestBucket(bucket = 'shop'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'pharmacy-s3-'));
  let started: { child: ChildProcess; port: number };
  try {
    started = await startServer(directory, bucket);
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const { child, port } = started;
  const origin = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    endpoint: origin,
    bucket,
    region: 'us-east-1',
    ...CREDENTIALS,
    publicUrl: undefined,
  };
  // Configured as lib/storage/s3.ts configures its own client.
  const client = new S3Client({
    region: config.region,
    endpoint: origin,
    forcePathStyle: true,
    credentials: CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  async function objects(pageSize?: number): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token, MaxKeys: pageSize }),
      );
      for (const object of page.Contents ?? [])
        found.push({ key: object.Key ?? '', size: object.Size ?? -1 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
      if (page.IsTruncated && !token) throw new Error('truncated listing without a token');
    } while (token);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  return {
    config,
    origin,
    objects,
    objectLines: async () => (await objects()).map((o) => `${o.key} ${o.size}`),
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!object.Body) throw new Error(`no body for ${key}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async stop() {
      client.destroy();
      await stopServer(child);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string) =>
  createHmac('sha256', key).update(text).digest();

export interface PresignedGet {
  /** When the signature was made (X-Amz-Date). */
  signedAt: Date;
  /** Seconds it stays valid from signedAt (X-Amz-Expires). */
  expiresInSeconds: number;
  /** Whether X-Amz-Signature is the SigV4 signature of this GET with these credentials. */
  signatureValid: boolean;
}

/**
 * Checks a presigned GET URL the way S3 would (SigV4, query parameters, unsigned payload, only the
 * host header signed): s3rver does not, so without this a badly signed URL would pass the tests.
 */
export function verifyPresignedGet(
  url: string,
  credentials: { accessKeyId: string; secretAccessKey: string },
  region: string,
): PresignedGet {
  const parsed = new URL(url);
  const params = [...parsed.searchParams.entries()];
  const get = (name: string) => parsed.searchParams.get(name) ?? '';
  const amzDate = get('X-Amz-Date');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const canonicalQuery = params
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    'GET',
    parsed.pathname,
    canonicalQuery,
    `host:${parsed.host}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), 's3'),
    'aws4_request',
  );
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  const signedAt = new Date(
    `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  return {
    signedAt,
    expiresInSeconds: Number(get('X-Amz-Expires')),
    signatureValid:
      get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256' &&
      get('X-Amz-Credential') === `${credentials.accessKeyId}/${scope}` &&
      get('X-Amz-SignedHeaders') === 'host' &&
      get('X-Amz-Signature') === expected,
  };
}
