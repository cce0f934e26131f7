import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id arrives in (HAProxy's unique-id-header) and is answered in. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The longest id taken from a request. */
export const MAX_REQUEST_ID_LENGTH = 128;
/** Visible ASCII, no spaces: nothing that could break a log line or a header. */
const READABLE_ID = /^[\x21-\x7e]+$/;

/**
 * Fastify's `genReqId` (decision 075): a request's id is the `X-Request-Id` it came with, when
 * that is 1 to 128 visible ASCII characters, so the load balancer's id is on every log line of the
 * request on whichever host; otherwise this process's prefix (random, so ids from different
 * processes never meet) and a counter. Costs one header read and a short test per request.
 */
export function createRequestIds(prefix: string = randomBytes(4).toString('hex')) {
  let next = 0;
  return function genReqId(request: IncomingMessage): string {
    const given = request.headers[REQUEST_ID_HEADER];
    if (
      typeof given === 'string' &&
      given.length <= MAX_REQUEST_ID_LENGTH &&
      READABLE_ID.test(given)
    ) {
      return given;
    }
    next += 1;
    return `${prefix}-${next.toString(36)}`;
  };
}
