import type { z } from 'zod';
import { MESSAGES } from '@pharmacy/shared';
import { env } from '../config/env';
import { clearSession, getSessionToken } from './auth-session';
import { notify } from './toast';

/**
 * Typed fetch wrapper for the shop API (spec §7, §8). JSON in and out, the JWT as a Bearer
 * header when a session exists, responses checked against the shared zod schemas (see
 * shouldValidate for when), and every failure turned into an ApiError whose `message` is the
 * server's sentence.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  /** True when the user was already told (the 401 'Please login' toast). */
  readonly handled: boolean;

  constructor(statusCode: number, message: string, options: { handled?: boolean } = {}) {
    super(message);
    this.statusCode = statusCode;
    this.handled = options.handled ?? false;
  }
}

export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  params?: Record<string, QueryValue>;
  /**
   * Validates the response body; without one the body is returned as `unknown` cast to T. A
   * function loads the schema on demand, which keeps zod out of the first download.
   */
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the Idempotency-Key of POST /order. */
  headers?: Record<string, string>;
  /**
   * Spec §8: any 401 toasts 'Please login' and ends the local session. Login forms pass false,
   * because there a 401 means wrong credentials and the server's message is the one to show.
   */
  handleUnauthorized?: boolean;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Spec §8: the server's message, else the error's text, else 'Something went wrong'. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || MESSAGES.somethingWentWrong;
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.somethingWentWrong;
}

export function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const url = `${env.apiUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

/**
 * Reads are checked against their schema in development and tests only. The server serializes
 * every answer through the same shared schema (fastify-type-provider-zod), so in the production
 * build a second check in the browser adds nothing but zod itself (~24 kB gzipped) to the critical
 * path of every shopper page: the first catalogue answer could not be shown before zod arrived.
 * Answers to writes are still checked everywhere; by then the shopper has interacted anyway.
 */
function shouldValidate(method: NonNullable<RequestOptions<unknown>['method']>): boolean {
  return method !== 'GET' || import.meta.env.DEV;
}

/**
 * How requests leave: the browser's fetch, or on the server (issue 30) a function that hands the
 * request to the API in the same process, so server rendering reads exactly what the browser would.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, params, schema, signal, handleUnauthorized = true } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = getSessionToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body instanceof Blob) {
    // A file sent as it is (a CSV import): its type unless the caller names one.
    headers['Content-Type'] ??= body.type || 'application/octet-stream';
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await transport(buildUrl(path, params), { method, headers, body: payload, signal });
  } catch (error) {
    if (isAbortError(error)) throw error; // spec §8: cancelled requests are silent
    throw new ApiError(0, MESSAGES.somethingWentWrong);
  }

  const data = await readBody(response);

  if (!response.ok) {
    if (response.status === 401 && handleUnauthorized) {
      clearSession();
      notify.error(MESSAGES.pleaseLogin);
      throw new ApiError(401, MESSAGES.pleaseLogin, { handled: true });
    }
    throw new ApiError(response.status, messageOf(data) ?? MESSAGES.somethingWentWrong);
  }

  if (!schema || !shouldValidate(method)) return data as T;
  const validator = typeof schema === 'function' ? await schema() : schema;
  const parsed = validator.safeParse(data);
  if (!parsed.success) {
    console.warn(`Unexpected response from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, MESSAGES.somethingWentWrong);
  }
  return parsed.data;
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
