import { z } from 'zod';
import { LIMITS } from '../constants/limits';

/** DECISIONS error shape: `message` is a sentence a person can read. */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Spec §3 pagination, with its defaults. */
export const paginationSchema = z.object({
  page: z.number().int(),
  pageCount: z.number().int(),
  rowCount: z.number().int(),
  pageSize: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const defaultPagination: Pagination = {
  page: 1,
  pageCount: 0,
  rowCount: 0,
  pageSize: LIMITS.defaultPageSize,
};

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const messageResponseSchema = z.object({ message: z.string() });

/** A pattern for e-mail addresses: something@something.tld with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** Where uploaded files are kept: this machine's disk or an S3 bucket. */
  storage: z.enum(['local', 's3']),
  uptimeSeconds: z.number(),
});

/** Liveness: the process runs and answers; nothing else is checked. */
export const livenessResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
});
