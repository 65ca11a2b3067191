/**
 * Typed domain errors (STYLE.md habit 3). Services throw these; plugins/errors.ts maps them
 * to HTTP in one place, so a status code is never chosen inside business code.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Please login') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message);
  }
}

/** Also used for another user's resources, so their existence is never revealed. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class OutOfStockError extends ConflictError {}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'The upload is too large.') {
    super(413, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(retryAfterSeconds: number, message?: string) {
    super(429, message ?? `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}
