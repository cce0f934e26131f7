import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  ADMIN_COUPON_MESSAGES,
  AT_RISK_MESSAGES,
  BOOKING_MESSAGES,
  CATALOGUE_ADMIN_MESSAGES,
  CHARGE_MESSAGES,
  FIT_MESSAGES,
  FULFILMENT_MESSAGES,
  MAX_BOOKING_ITEMS,
  MAX_ITEM_QUANTITY,
  MESSAGES,
  NOTIFY_ME_MESSAGES,
  PINCODE_MESSAGES,
  REVIEW_MESSAGES,
  EXTENSION_MESSAGES,
  PRODUCT_SEARCH_MESSAGES,
  textFieldMessages,
} from '@pehnava/shared';
import { conflictMessage, constraintViolation, databaseUnreachable } from '../lib/db-errors.js';
import { HttpError } from '../lib/http-error.js';
import { REQUEST_ID_HEADER } from '../lib/request-id.js';

interface Failure {
  status: number;
  message: string;
  /** Seconds to wait before trying again (Retry-After), for a 503. */
  retryAfterSeconds?: number;
}

/** How long a request that met an unreachable database is asked to wait before trying again. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Fastify's own request errors, in the words a client should see. */
const FASTIFY_ERRORS: Record<string, Failure> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length header' },
  // Raised by the router before any route is known (see handleRouterError).
  FST_ERR_BAD_URL: { status: 400, message: MESSAGES.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: MESSAGES.urlTooLong },
};

const SHOPPER_MESSAGES = new Set<string>([
  ...Object.values(MESSAGES),
  ...Object.values(ACCOUNT_MESSAGES),
  ...Object.values(ADMIN_COUPON_MESSAGES).flatMap((m): string[] =>
    typeof m === 'string' ? [m] : [],
  ),
  ...Object.values(BOOKING_MESSAGES).flatMap((m): string[] => (typeof m === 'string' ? [m] : [])),
  ...Object.values(CHARGE_MESSAGES).flatMap((m): string[] => (typeof m === 'string' ? [m] : [])),
  ...Object.values(CATALOGUE_ADMIN_MESSAGES).flatMap((m): string[] =>
    typeof m === 'string' ? [m] : [],
  ),
  ...Object.values(FIT_MESSAGES).flatMap((m): string[] => (typeof m === 'string' ? [m] : [])),
  ...Object.values(AT_RISK_MESSAGES).flatMap((m): string[] => (typeof m === 'string' ? [m] : [])),
  ...Object.values(FULFILMENT_MESSAGES).flatMap((m): string[] =>
    typeof m === 'string' ? [m] : [],
  ),
  ...Object.values(PRODUCT_SEARCH_MESSAGES).flatMap((m): string[] =>
    typeof m === 'string' ? [m] : [],
  ),
  ...Object.values(PINCODE_MESSAGES).flatMap((m): string[] => (typeof m === 'string' ? [m] : [])),
  ...Object.values(REVIEW_MESSAGES),
  EXTENSION_MESSAGES.daysInvalid,
  ...Object.values(NOTIFY_ME_MESSAGES).flatMap((m): string[] => (typeof m === 'string' ? [m] : [])),
  BOOKING_MESSAGES.tooManyItems(MAX_BOOKING_ITEMS),
  BOOKING_MESSAGES.quantity(MAX_ITEM_QUANTITY),
]);
/** Written for the shopper: shown as they are. Text fields' messages name their field. */
const isShopperMessage = (message: string) =>
  SHOPPER_MESSAGES.has(message) || textFieldMessages.has(message);

function describe(error: FastifyError): Failure {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      message: error.message,
      ...(error.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: error.retryAfterSeconds }
        : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // A message written for the shopper (SPEC.md §5) is shown as it is.
    if (first?.message && isShopperMessage(first.message))
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
  // The database could not be reached just now (restarting, a lost link): try again shortly.
  if (databaseUnreachable(error)) {
    return {
      status: 503,
      message: MESSAGES.brieflyUnavailable,
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, message: error.message || MESSAGES.tooManyRequests };
  if (status >= 400 && status < 500) return { status, message: error.message };
  return { status: 500, message: MESSAGES.internalError };
}

/**
 * A request the router could not read (a broken %-escape, an over-long path segment) is
 * re-dispatched inside the app to the same path with those segments made readable, carrying this
 * header. The route's own onRequest hooks run (so a visitor gets the 401 the route would give, and
 * learns nothing more), then the preParsing hook below answers with the router's error.
 */
const ROUTER_ERROR_HEADER = 'x-pehnava-router-error';
/** Per app, so a client cannot make any request fail this way (not that it would gain anything). */
const routerErrorKeys = new WeakMap<FastifyInstance, string>();
const AUTH_HEADERS = ['authorization', 'token'] as const;
/** Stands in for an unreadable path segment: matches a parameter, names no product. */
const UNREADABLE_SEGMENT = '-';

/** Headers that describe the re-dispatched answer's body, not the one sent. */
const BODY_HEADERS = new Set([
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'vary',
  'connection',
  'keep-alive',
  'date',
]);

function readablePath(rawUrl: string): string {
  const [path = ''] = rawUrl.split('?', 1);
  return path
    .split('/')
    .map((segment) => {
      if (segment.length > 100) return UNREADABLE_SEGMENT;
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        return UNREADABLE_SEGMENT;
      }
    })
    .join('/');
}

/** The message of an error body, if it is one. */
function messageIn(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const message = (parsed as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message !== '' ? message : undefined;
  } catch {
    return undefined;
  }
}

function sendFailure(reply: FastifyReply, { status, message }: Failure) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ success: false, message });
}

/**
 * Fastify's `frameworkErrors`: errors its router raises before a route is found (FST_ERR_BAD_URL,
 * FST_ERR_MAX_PARAM_LENGTH) leave in the API's shape, and a route that needs a session answers a
 * visitor with its 401, as it would for any other path.
 */
export async function handleRouterError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const failure = describe(error);
  const key = routerErrorKeys.get(request.server);
  if (failure.status >= 500 || !key) {
    if (failure.status >= 500) request.log.error({ err: error }, 'router failed');
    sendFailure(reply, failure);
    return;
  }
  try {
    // Only what authentication reads (a bearer token, or the `token` header SPEC.md §7 names).
    const credentials = Object.fromEntries(
      AUTH_HEADERS.flatMap((name) => {
        const value = request.headers[name];
        return typeof value === 'string' ? [[name, value]] : [];
      }),
    );
    const answer = await request.server.inject({
      // A HEAD answer has no body to read the message from; the GET route has the same hooks.
      method: (request.method === 'HEAD' ? 'GET' : request.method) as 'GET',
      url: readablePath(request.url),
      headers: {
        ...credentials,
        [ROUTER_ERROR_HEADER]: `${key}:${error.code}`,
        // The re-dispatch logs under the request's own id (decision 075).
        [REQUEST_ID_HEADER]: request.id,
      },
    });
    // The app's own headers (security headers: this reply skips the hooks that add them).
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !BODY_HEADERS.has(name)) reply.header(name, value);
    }
    // No route there (404): nothing to guard, the router's error stands.
    const message = answer.statusCode === 404 ? undefined : messageIn(answer.body);
    sendFailure(reply, message ? { status: answer.statusCode, message } : failure);
  } catch (cause) {
    request.log.error({ err: cause }, 'router error not answered');
    sendFailure(reply, { status: 500, message: MESSAGES.internalError });
  }
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read (a request line or
 * header it refuses, headers too large, too slow) is answered in the API's shape, as Fastify
 * would otherwise answer it, and the connection is closed.
 */
export function handleClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? { status: 408, message: MESSAGES.requestTimeout }
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? { status: 431, message: MESSAGES.headersTooLarge }
        : { status: 400, message: MESSAGES.unreadableRequest };
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ success: false, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Every error leaves as `{ success: false, message }`; a 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance) {
  const key = randomBytes(16).toString('base64url');
  routerErrorKeys.set(app, key);
  // Runs on every request: a plain callback, not an async function, keeps it off the promise
  // machinery on the hot path (decision 040).
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const mark = request.headers[ROUTER_ERROR_HEADER];
    const failure =
      typeof mark === 'string' && mark.startsWith(`${key}:`)
        ? FASTIFY_ERRORS[mark.slice(key.length + 1)]
        : undefined;
    if (failure) done(new HttpError(failure.status, failure.message));
    else done(null, payload);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, message, retryAfterSeconds } = describe(error);
    if (retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
    }
    if (status >= 500) request.log.error({ req: request, err: error }, 'request failed');
    else request.log.info({ req: request, status, message }, 'request rejected');
    return reply.code(status).send({ success: false, message });
  });
}
