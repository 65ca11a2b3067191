import type { z } from 'zod';
import { BadRequestError } from './errors';

/** Validates input that did not come through a route schema (multipart fields), same 400 shape. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.');
  throw new BadRequestError(
    field ? `${field}: ${issue?.message}` : (issue?.message ?? 'The request is not valid.'),
  );
}
