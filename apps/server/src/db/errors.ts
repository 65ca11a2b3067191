/** PostgreSQL error codes we act on; drizzle wraps driver errors, so look at the cause too. */
function pgCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}

export function isCheckViolation(error: unknown): boolean {
  return pgCode(error) === '23514';
}

export function isForeignKeyViolation(error: unknown): boolean {
  return pgCode(error) === '23503';
}

/**
 * Data exceptions (SQLSTATE class 22) that only a value sent by the client can cause once it has
 * passed validation: a NUL character in text (22021), a number beyond the column's integer type
 * (22003), text too long for its column (22001), a date PostgreSQL cannot hold (22007, 22008).
 * The error handler answers them 400 instead of 500 (issue 7 fuzzing).
 */
const INPUT_VALUE_ERRORS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

export function isInvalidInputValue(error: unknown): boolean {
  const code = pgCode(error);
  return code !== undefined && INPUT_VALUE_ERRORS.has(code);
}

/** Escapes LIKE wildcards so a search term matches itself. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
