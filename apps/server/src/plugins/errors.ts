import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { MESSAGES, type ErrorResponse } from '@pharmacy/shared';
import { isInvalidInputValue } from '../db/errors';
import { AppError } from '../lib/errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const INVALID_VALUE =
  'A value in the request is out of range or contains a character that is not allowed.';

export function errorBody(statusCode: number, message: string): ErrorResponse {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message };
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** 'email: Please enter a valid email address.' — DECISIONS: validation errors name the field. */
function validationMessage(issues: ValidationIssue[], context: string): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  const pathFromIssue = first.params?.issue?.path?.map(String).join('.');
  const field =
    pathFromIssue || first.instancePath?.replace(/^\//, '').replaceAll('/', '.') || context;
  const message = first.message ?? 'is not valid';
  return field ? `${field}: ${message}` : message;
}

/**
 * One error handler for the whole API (STYLE.md, after fastify/demo and medusa): known errors
 * keep their message, anything else is logged with its context and answered as a bare 500.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext === 'body' ? '' : (error.validationContext ?? '');
      return reply
        .code(400)
        .send(errorBody(400, validationMessage(error.validation as ValidationIssue[], context)));
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'domain error');
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(errorBody(error.statusCode, error.message));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply.code(500).send(errorBody(500, MESSAGES.unknownError));
    }
    if (isInvalidInputValue(error)) {
      // A value the schema let through but the database cannot hold (NUL, an id past int4).
      request.log.warn({ err: error }, 'request value refused by the database');
      return reply.code(400).send(errorBody(400, INVALID_VALUE));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.code(429).send(errorBody(429, error.message || MESSAGES.tooManyRequests));
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'This content type is not supported.'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is empty.'
              : error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
                ? 'The request body is not valid JSON.'
                : error.message;
      return reply.code(status).send(errorBody(status, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(500, MESSAGES.unknownError));
  });
});
