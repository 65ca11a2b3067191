import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { errorResponseSchema } from '@pharmacy/shared';
import { multipart, TINY_PNG } from '../../factories';
import type { DbWatch } from './db-watch';
import {
  HOSTILE_STRINGS,
  RAW_JSON_BODIES,
  hostileObjectArbitrary,
  jsonSchemaOf,
  arbitraryFromJsonSchema,
  type Json,
} from './schema-arbitrary';
import { nextRemoteAddress, type World } from './world';

/**
 * The fuzzing harness of issue 7: for each route, fast-check generates requests (body, query,
 * path parameter, headers) from the shared zod schemas plus hostile variations, sends them one by
 * one through `inject`, and checks every answer: no 5xx; every 4xx in the error shape
 * `{ statusCode, error, message }`; and after every 4xx, no committed database write and no new
 * stored file. Unhandled promise rejections fail the run too.
 *
 * Runs per route: FUZZ_RUNS (default 200: `npm test` fuzzes every route on every run, twice
 * issue 26's floor of 100, on one database; `npm run test:stress` sends 10,000 per route on
 * both) for every route; FUZZ_PARAM_RUNS, for routes whose only input is a path parameter,
 * defaults to FUZZ_RUNS and is there to try one kind of route harder or lighter.
 * Every group prints its seed; FUZZ_SEED replays a run. STRESS_REPORT_DIR collects the figures
 * as JSON lines.
 */

export type Actor = 'anonymous' | 'memberA' | 'admin';

export interface FuzzFile {
  field: string;
  name: string;
  type: string;
  content: Buffer;
}

export type FuzzBody =
  | { kind: 'json'; value: Json }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'multipart'; fields: Record<string, string | string[]>; files: FuzzFile[] };

/** The world plus fixtures only the fuzzers need. */
export interface FuzzWorld extends World {
  /** A's order waiting for a card payment, with an open test-provider intent. */
  payOrderA: number;
  intentId: string;
  clientSecret: string;
  /** Catalogue rows the admin fuzzers may rename and edit freely. */
  editProductId: number;
  editDivisionId: number;
  editManufacturerId: number;
  editSaltId: number;
  /**
   * Stock the inventory fuzzers act on (issue 15): a product whose opening batch has an order's
   * units in it, and batches to write off and recall, replaced by fresh ones once used up.
   */
  stockProductId: number;
  stockBatchId: number;
  writeOffBatchId: number;
  recallBatchId: number;
  /** A Contact Us message the inbox fuzzers mark handled and reopen (issue 18). */
  contactMessageId: number;
}

export interface FuzzTarget {
  /** 'METHOD /api/path/:param' exactly as the app registers it. */
  route: string;
  group:
    | 'forms'
    | 'catalogue'
    | 'account'
    | 'orders'
    | 'uploads'
    | 'admin'
    | 'inventory'
    | 'after-sales';
  actors: readonly Actor[];
  /** The path with real fixture ids; hostile path parameters replace them part of the time. */
  path?: (w: FuzzWorld) => string;
  body?: (w: FuzzWorld) => fc.Arbitrary<FuzzBody>;
  query?: fc.Arbitrary<string>;
  headers?: fc.Arbitrary<Record<string, string>>;
  /**
   * Headers computed from the exact bytes sent (a webhook's signature): applied to part of the
   * requests, so that fuzzed bodies also get past the signature check to the parser behind it.
   */
  sign?: (payload: string) => Record<string, string>;
  /**
   * Puts the fixtures back in a useful state before a request: `run` counts the requests (to
   * cycle through states), `previous` is the status of the one before (undefined at the start).
   */
  prepare?: (w: FuzzWorld, run: number, previous: number | undefined) => Promise<void>;
  /** Uploads: the files under the data directory are counted too (nothing stored after a 4xx). */
  storesFiles?: boolean;
  /** 4xx answers documented with another body than the error shape (the card form's 402). */
  otherShapes?: Partial<Record<number, z.ZodType>>;
}

export const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
export const FUZZ_RUNS = envNumber('FUZZ_RUNS', 200);
/**
 * One seed per run, printed by each group, so a finding can be replayed with FUZZ_SEED (every
 * route of a group is generated from it).
 */
export const FUZZ_SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 0x7fffffff);
export const FUZZ_PARAM_RUNS = envNumber('FUZZ_PARAM_RUNS', FUZZ_RUNS);

export const hasParams = (target: FuzzTarget) => target.route.includes('/:');
export const isFullTarget = (target: FuzzTarget) =>
  target.body !== undefined || target.query !== undefined || target.headers !== undefined;
export const runsFor = (target: FuzzTarget) => (isFullTarget(target) ? FUZZ_RUNS : FUZZ_PARAM_RUNS);

/** Path parameter values: real-looking ids, edges of every integer type, and junk. */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -3, max: 60 }).map(String) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      '2147483647',
      '2147483648',
      '4294967297',
      '9007199254740991',
      '9007199254740993',
      '99999999999999999999999',
      'NaN',
      'Infinity',
      'null',
      '%00',
      '1%00',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '..%5C..%5Cwin.ini',
      '%20%31',
      '%EF%BC%91',
      "1'%20OR%20'1'%3D'1",
      '1;DROP%20TABLE%20users',
      'x'.repeat(250),
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }).map(encodeURIComponent) },
);

/** JSON bodies from a schema, with raw malformed ones and wrong content types mixed in. */
export function jsonBody(
  schema: z.ZodType,
  options: Parameters<typeof hostileObjectArbitrary>[1] & {
    /** Makes a generated valid object consistent (a confirmation equal to its password). */
    coherent?: (value: { [key: string]: Json }) => { [key: string]: Json };
  } = {},
): fc.Arbitrary<FuzzBody> {
  const objects = hostileObjectArbitrary(schema, options);
  const coherent = options.coherent;
  const values = coherent
    ? fc.oneof(
        { weight: 6, arbitrary: objects },
        {
          weight: 1,
          arbitrary: arbitraryFromJsonSchema(jsonSchemaOf(schema)).map((value) =>
            typeof value === 'object' && value !== null && !Array.isArray(value)
              ? coherent(value)
              : value,
          ),
        },
      )
    : objects;
  return fc.oneof(
    { weight: 14, arbitrary: values.map((value): FuzzBody => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_JSON_BODIES)
        .map((text): FuzzBody => ({ kind: 'raw', text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data; boundary=----x',
            'application/json; charset=utf-16',
          ),
          fc.string({ maxLength: 200 }),
        )
        .map(([contentType, text]): FuzzBody => ({ kind: 'raw', text, contentType })),
    },
  );
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
/** Upload contents: real images and documents, and the classics of hostile uploads. */
export const fileContent: fc.Arbitrary<Buffer> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      TINY_PNG,
      PDF,
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.concat([TINY_PNG.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]),
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('<html><script>x</script>')]),
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from('GIF89a<script>'),
      Buffer.alloc(0),
      Buffer.from('MZ\x90\x00'),
    ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)) },
);
export const fileName: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'rx.png',
      'rx.PNG',
      'rx.pdf',
      'rx.jpg',
      'rx.doc',
      'picture.webp',
      '../../etc/passwd.png',
      '..\\..\\boot.ini.png',
      'a\u0000.png',
      'x\r\nContent-Type: text/html.png',
      'ｒｘ.png',
      'rx\u202Egnp.exe',
      '.png',
      'rx.svg',
      'rx.html',
      'rx.png.exe',
      'CON.png',
      `${'x'.repeat(300)}.png`,
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);
export const fuzzFile = (fields: readonly string[]): fc.Arbitrary<FuzzFile> =>
  fc.record({
    field: fc.constantFrom(...fields),
    name: fileName,
    type: fc.constantFrom(
      'image/png',
      'application/pdf',
      'image/jpeg',
      'text/html',
      'image/svg+xml',
      'application/octet-stream',
    ),
    content: fileContent,
  });

/** Form fields from a schema, as the text a multipart form carries. */
export function multipartBody(
  schema: z.ZodType | undefined,
  files: fc.Arbitrary<FuzzFile[]>,
  options: {
    /** Fills in the fields that must agree with the database (ids, prices) part of the time. */
    coherent?: (fields: Record<string, string | string[]>) => Record<string, string | string[]>;
  } = {},
): fc.Arbitrary<FuzzBody> {
  const toText = (value: Json): string | string[] =>
    typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
        : value === null
          ? ''
          : JSON.stringify(value);
  const asFields = (value: Json): Record<string, string | string[]> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toText(item)]))
      : { value: toText(value) };
  const coherent = options.coherent;
  const hostileFields = schema
    ? hostileObjectArbitrary(schema, { validWeight: 6 }).map(asFields)
    : undefined;
  const fields = schema
    ? coherent && hostileFields
      ? fc.oneof(
          { weight: 2, arbitrary: hostileFields },
          {
            weight: 1,
            arbitrary: arbitraryFromJsonSchema(jsonSchemaOf(schema)).map((value) =>
              coherent(asFields(value)),
            ),
          },
        )
      : (hostileFields as fc.Arbitrary<Record<string, string | string[]>>)
    : fc.dictionary(
        fc.constantFrom('comment', 'image', 'note'),
        fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom(...HOSTILE_STRINGS)),
      );
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .tuple(fields, files)
        .map(([f, list]): FuzzBody => ({ kind: 'multipart', fields: f, files: list })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...RAW_JSON_BODIES)
        .map((text): FuzzBody => ({ kind: 'raw', text, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 300 }).map((text): FuzzBody => ({
        kind: 'raw',
        text: `------x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n${text}`,
        contentType: 'multipart/form-data; boundary=----x',
      })),
    },
  );
}

export interface FuzzStats {
  route: string;
  requests: number;
  statuses: Record<number, number>;
  /** Wall time, and CPU time of this process (PGlite runs inside it; PostgreSQL does not). */
  ms: number;
  cpuMs: number;
}

async function toInject(
  target: FuzzTarget,
  w: FuzzWorld,
  request: {
    actor: Actor;
    param: string | undefined;
    query: string | undefined;
    body: FuzzBody | undefined;
    headers: Record<string, string> | undefined;
    signed: boolean;
  },
): Promise<InjectOptions> {
  const [method, template] = target.route.split(' ') as [InjectOptions['method'], string];
  const base =
    request.param !== undefined
      ? template.replace(/:[A-Za-z]+/, request.param)
      : (target.path?.(w) ?? template);
  const url = request.query !== undefined ? `${base}?${request.query}` : base;
  const headers: Record<string, string> = { ...request.headers };
  // The 'admin' actor is the shop's owner (issue 32 named the role).
  if (request.actor !== 'anonymous')
    headers.authorization =
      w[request.actor === 'admin' ? 'owner' : request.actor].auth.authorization;
  let payload: InjectOptions['payload'];
  if (request.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.body.value) ?? 'null';
  } else if (request.body?.kind === 'raw') {
    headers['content-type'] = request.body.contentType;
    payload = request.body.text;
  } else if (request.body?.kind === 'multipart') {
    const form = await multipart(request.body.fields, request.body.files);
    Object.assign(headers, form.headers);
    payload = form.payload;
  }
  if (request.signed && target.sign && typeof payload === 'string')
    Object.assign(headers, target.sign(payload));
  return { method, url, headers, payload, remoteAddress: nextRemoteAddress() };
}

function describeResponse(options: InjectOptions, response: LightMyRequestResponse): string {
  const body =
    typeof options.payload === 'string'
      ? options.payload.slice(0, 300)
      : Buffer.isBuffer(options.payload)
        ? `<${options.payload.length} bytes>`
        : '';
  return `${options.method} ${String(options.url).slice(0, 300)} ${body} → ${response.statusCode} ${response.body.slice(0, 300)}`;
}

/** Fuzzes one route and answers its figures; throws (with fast-check's counterexample) on a finding. */
export async function fuzzRoute(
  target: FuzzTarget,
  w: FuzzWorld,
  watch: DbWatch,
  runs: number,
): Promise<FuzzStats> {
  const stats: FuzzStats = { route: target.route, requests: 0, statuses: {}, ms: 0, cpuMs: 0 };
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const paramArbitrary = hasParams(target)
    ? fc.oneof(
        // Routes with a body keep the real id most of the time, so the body reaches the service.
        { weight: isFullTarget(target) ? 3 : 1, arbitrary: fc.constant(undefined) },
        { weight: isFullTarget(target) ? 1 : 5, arbitrary: hostileParam },
      )
    : fc.constant(undefined);
  const requests = fc.record({
    actor: fc.constantFrom(...target.actors),
    param: paramArbitrary,
    query: target.query ?? fc.constant(undefined),
    body: target.body ? target.body(w) : fc.constant(undefined),
    headers: target.headers ?? fc.constant(undefined),
    signed: target.sign ? fc.boolean() : fc.constant(false),
  });
  let run = 0;
  let previous: number | undefined;
  // The counter and the file count are read once per request, after it: the reading after one
  // request is the 'before' of the next (read again only when prepare() has written).
  let writesBefore = await watch.writes();
  const storedFiles = () => (target.storesFiles ? watch.storedFiles() : 0);
  let filesBefore = storedFiles();
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      run += 1;
      if (target.prepare) {
        await target.prepare(w, run, previous);
        writesBefore = await watch.writes();
      }
      const options = await toInject(target, w, request);
      const response = await w.t.app.inject(options);
      previous = response.statusCode;
      const writesAfter = await watch.writes();
      const filesAfter = storedFiles();
      const wrote = writesAfter !== writesBefore;
      const stored = filesAfter !== filesBefore;
      writesBefore = writesAfter;
      filesBefore = filesAfter;
      stats.requests += 1;
      stats.statuses[response.statusCode] = (stats.statuses[response.statusCode] ?? 0) + 1;
      const where = describeResponse(options, response);
      if (response.statusCode >= 500) throw new Error(`server error: ${where}`);
      if (response.statusCode < 400) return;
      const other = target.otherShapes?.[response.statusCode];
      const shape = (other ?? errorResponseSchema).safeParse(safeJson(response.body));
      if (!shape.success) throw new Error(`4xx not in the error shape: ${where}`);
      if (!other && (shape.data as { statusCode: number }).statusCode !== response.statusCode)
        throw new Error(`statusCode in the body differs: ${where}`);
      if (wrote) throw new Error(`a refused request wrote to the database: ${where}`);
      if (stored) throw new Error(`a refused request left a stored file: ${where}`);
    }),
    { numRuns: runs, seed: FUZZ_SEED },
  );
  stats.ms = Math.round(performance.now() - started);
  const cpu = process.cpuUsage(cpuStarted);
  stats.cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  return stats;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Appends the figures of a run for the stress runner's summary (STRESS_REPORT_DIR). */
export function reportFigures(driver: string, group: string, figures: FuzzStats[]): void {
  const dir = process.env.STRESS_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'fuzz.jsonl'), `${JSON.stringify({ driver, group, figures })}\n`);
}
