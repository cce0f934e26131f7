import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, MESSAGES } from '@pehnava/shared';
import { conflictMessage, constraintViolation } from '../lib/db-errors.js';
import { HttpError } from '../lib/http-error.js';

interface Failure {
  status: number;
  message: string;
}

/** Fastify's own request errors, in the words a client should see. */
const FASTIFY_ERRORS: Record<string, Failure> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length header' },
};

const SHOPPER_MESSAGES = new Set<string>([
  ...Object.values(MESSAGES),
  ...Object.values(ACCOUNT_MESSAGES),
]);

function describe(error: FastifyError): Failure {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // A message written for the shopper (SPEC.md §5) is shown as it is.
    if (first?.message && SHOPPER_MESSAGES.has(first.message))
      return { status: 400, message: first.message };
    const where = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = where
      ? `${error.validationContext ?? 'request'}.${where}`
      : error.validationContext;
    return {
      status: 400,
      message: first ? `Invalid ${field ?? 'request'}: ${first.message}` : 'Invalid request',
    };
  }
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError) return { status: 400, message: MESSAGES.invalidJson };
  // The database refused a write because another change got there first (a unit booked, a
  // coupon used, a row that must be unique): a conflict, in words the shopper can act on.
  const violation = constraintViolation(error);
  if (violation) return { status: 409, message: conflictMessage(violation) };
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, message: error.message || MESSAGES.tooManyRequests };
  if (status >= 400 && status < 500) return { status, message: error.message };
  return { status: 500, message: MESSAGES.internalError };
}

/** Every error leaves as `{ success: false, message }`; a 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message } = describe(error);
    if (error instanceof HttpError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(Math.max(1, error.retryAfterSeconds)));
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, message }, 'request rejected');
    return reply.code(status).send({ success: false, message });
  });
}
