import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '../lib/request-id.js';

/**
 * Request headers the API reads: the session token, JSON bodies, revalidation, Stripe's token,
 * and a request id of the caller's own, which its log lines then carry (decision 075).
 */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'if-none-match',
  'token',
  REQUEST_ID_HEADER,
];
/**
 * Response headers a front end on another origin may read besides the CORS-safelisted ones:
 * revalidation, when to try again after a 503, the request's id (decision 075), which a
 * partner quotes to find the request in our logs, and a download's file name (a tax invoice's
 * PDF, decision 082).
 */
export const CORS_EXPOSED_HEADERS = [
  'etag',
  'retry-after',
  REQUEST_ID_HEADER,
  'content-disposition',
];
/** How long a browser may keep a preflight's answer (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Let front ends on the origins in CORS_ORIGINS (a partner's storefront, a web view) call the API
 * from a browser: every method the API's routes use (gathered as they are registered, so a new
 * one is allowed with its route) and the headers it reads. Any other origin, and a request with
 * no Origin, gets no CORS headers at all, and its preflight a 404. Images are public and carry
 * `Cross-Origin-Resource-Policy: cross-origin` for every origin (plugins/web.ts); this is for
 * reading answers from script.
 *
 * Call before the API's routes are registered. Nothing is registered when `origins` is empty.
 * Says whether answers now vary by Origin, for the answers sent before routing (kept-reads.ts).
 */
export async function registerCrossOrigin(
  app: FastifyInstance,
  origins: readonly string[],
): Promise<{ variesByOrigin: boolean }> {
  if (origins.length === 0) return { variesByOrigin: false };
  const anyOrigin = origins.includes('*');
  const allowed = new Set(origins.map((origin) => origin.replace(/\/+$/, '')));

  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) methods.add(method);
  });

  // Read once the routes are all in, at the first request.
  let shared: Omit<FastifyCorsOptions, 'origin'> | undefined;
  const sharedOptions = () =>
    (shared ??= {
      methods: [...methods].sort(),
      allowedHeaders: CORS_ALLOWED_HEADERS,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      maxAge: PREFLIGHT_MAX_AGE_SECONDS,
      credentials: false,
    });

  await app.register(cors, {
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const permitted = origin !== undefined && (anyOrigin || allowed.has(origin));
      callback(null, { ...sharedOptions(), origin: permitted ? origin : false });
    },
  });
  // @fastify/cors says `Vary: Origin` on every answer, those to requests without one included.
  return { variesByOrigin: true };
}
