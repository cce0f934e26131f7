import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { TLSSocket } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import {
  etagMatches,
  negotiateEncoding,
  type ContentEncoding,
  type EncodedBody,
} from '../lib/encoded-body.js';
import type { RouteSeries, RouteTimings } from '../lib/metrics/route-timings.js';
import { REQUEST_ID_HEADER } from '../lib/request-id.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import { publicUrlBase, rememberedOrigins } from './public-origin.js';

/** The routes answered here, as catalogue.routes.ts registers them under /api. */
export const KEPT_LIST_ROUTE = '/api/product/list';
export const KEPT_DETAIL_ROUTE = '/api/product/list/:id';

/** A product id or code as links carry it; anything else (escapes, dots, long) goes to Fastify. */
const PLAIN_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * What the list or a detail request asks for: `{}` for the list, `{ id }` for a detail, undefined
 * for any other path. Trailing slashes are ignored and the query string is not read, as the
 * router does for these routes.
 */
export function keptReadOf(url: string): { id?: string } | undefined {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith(KEPT_LIST_ROUTE)) return undefined;
  let rest = path.slice(KEPT_LIST_ROUTE.length);
  if (rest === '' || rest === '/') return {};
  if (rest[0] !== '/') return undefined;
  rest = rest.endsWith('/') ? rest.slice(1, -1) : rest.slice(1);
  return PLAIN_ID.test(rest) ? { id: rest } : undefined;
}

export interface KeptReadsOptions {
  catalogue: Pick<CatalogueService, 'keptListBody' | 'keptProductBody'>;
  /** The security headers every answer carries (plugins/security-headers.ts). */
  securityHeaders: Readonly<Record<string, string>>;
  /** The app's own genReqId, so ids stay unique in the process whichever path answers. */
  genReqId: (request: IncomingMessage) => string;
  /**
   * True when CORS is configured: @fastify/cors then says `Vary: Origin` on every answer, those
   * without an Origin included, and so must these (plugins/cross-origin.ts).
   */
  variesByOrigin: boolean;
  /** PUBLIC_URL: image URLs start with it when set. */
  publicUrl?: string;
  timings: RouteTimings;
  logger: FastifyBaseLogger;
  /** An answer this slow (ms) gets an access line at warn, as lib/access-log.ts gives one. */
  slowMs: number;
}

/**
 * The catalogue's kept answers (the list and products' details, serialized and compressed once
 * per snapshot) sent as a request arrives, before Fastify makes its request and reply, routes it
 * and runs its hooks (decision 080). These are most of what a shop's API serves, and for them
 * that machinery was most of the work: the answer itself is a lookup.
 *
 * Answered here: a GET for the list or a detail, with no Origin (CORS answers stay Fastify's), no
 * forwarded host or protocol to weigh, no body, whose answer is already kept for its origin (a
 * fresh snapshot, that origin's bodies encoded). Everything else, including every first request
 * and every 404, is handed to Fastify unchanged, which answers it and keeps the answer for next
 * time. The answer is the one the route would give, header for header: the API test
 * kept-reads.int.test.ts asks both for a matrix of requests and compares them.
 *
 * `open` turns it off: the app does so as it starts closing, so that Fastify answers, with
 * `Connection: close`, as it drains.
 */
export function createKeptReads(options: KeptReadsOptions) {
  const { catalogue, securityHeaders, genReqId, timings, logger, slowMs } = options;
  const vary = options.variesByOrigin ? 'Origin, accept-encoding' : 'accept-encoding';
  const fixedOrigin = publicUrlBase(options.publicUrl);
  const listSeries: RouteSeries = timings.forRoute(KEPT_LIST_ROUTE);
  const detailSeries: RouteSeries = timings.forRoute(KEPT_DETAIL_ROUTE);
  const originFrom = rememberedOrigins();
  let open = true;
  let answered = 0;

  /** The request's origin as request.publicOrigin gives it, or undefined to leave it to Fastify. */
  function originOf(request: IncomingMessage): string | undefined {
    if (fixedOrigin !== undefined) return fixedOrigin;
    const { headers } = request;
    // Forwarded requests: whether to believe the proxy is TRUST_PROXY's, which Fastify weighs.
    if (headers['x-forwarded-host'] !== undefined || headers['x-forwarded-proto'] !== undefined) {
      return undefined;
    }
    const host = headers.host;
    if (!host) return undefined;
    const protocol = (request.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http';
    return originFrom({ protocol, host }) || undefined;
  }

  /**
   * The headers of a kept answer in one encoding ('not-modified' for its 304), as writeHead takes
   * them (name, value, name, value…), made once per body: those the route sends, with the request
   * id last, its value filled in per request. An object of a dozen headers made per request cost
   * more than all the rest of this path.
   */
  const prepared = new WeakMap<EncodedBody, Map<ContentEncoding | 'not-modified', string[]>>();
  function headersOf(body: EncodedBody, kind: ContentEncoding | 'not-modified'): string[] {
    let byKind = prepared.get(body);
    if (!byKind) {
      byKind = new Map();
      prepared.set(body, byKind);
    }
    let list = byKind.get(kind);
    if (!list) {
      list = Object.entries(securityHeaders).flat();
      list.push('cache-control', 'no-cache', 'vary', vary, 'etag', body.etag);
      if (kind === 'not-modified') {
        list.push('content-length', '0');
      } else {
        list.push('content-type', 'application/json; charset=utf-8');
        if (kind !== 'identity') list.push('content-encoding', kind);
        const payload = kind === 'identity' ? body.identity : body[kind];
        list.push('content-length', String(payload.length));
      }
      list.push(REQUEST_ID_HEADER, '');
      byKind.set(kind, list);
    }
    return list;
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    body: EncodedBody,
    series: RouteSeries,
    started: number,
  ) {
    const notModified = etagMatches(request.headers['if-none-match'], body.etag);
    const encoding = notModified
      ? undefined
      : negotiateEncoding(request.headers['accept-encoding']);
    const headers = headersOf(body, encoding ?? 'not-modified');
    const requestId = genReqId(request);
    headers[headers.length - 1] = requestId;
    const status = notModified ? 304 : 200;
    response.writeHead(status, headers);
    response.end(
      encoding === undefined ? undefined : encoding === 'identity' ? body.identity : body[encoding],
    );
    const ms = performance.now() - started;
    timings.record(series, 'GET', status, ms);
    if (ms >= slowMs) {
      logger.warn(
        {
          reqId: requestId,
          req: { method: request.method, url: request.url },
          res: { statusCode: status },
          responseTime: ms,
        },
        'request completed',
      );
    }
  }

  return {
    /** Answer the request if it is a kept read; false hands it to Fastify untouched. */
    answer(request: IncomingMessage, response: ServerResponse): boolean {
      if (!open || request.method !== 'GET') return false;
      const url = request.url;
      if (!url || !url.startsWith(KEPT_LIST_ROUTE)) return false;
      const read = keptReadOf(url);
      if (!read) return false;
      const { headers } = request;
      if (
        headers.origin !== undefined ||
        headers['content-length'] !== undefined ||
        headers['transfer-encoding'] !== undefined
      ) {
        return false;
      }
      const started = performance.now();
      const origin = originOf(request);
      if (origin === undefined) return false;
      const body =
        read.id === undefined
          ? catalogue.keptListBody(origin)
          : catalogue.keptProductBody(read.id, origin);
      if (!body) return false;
      send(request, response, body, read.id === undefined ? listSeries : detailSeries, started);
      answered += 1;
      return true;
    },
    /** How many requests were answered here, since the app started. */
    get answered(): number {
      return answered;
    },
    close(): void {
      open = false;
    },
  };
}

export type KeptReads = ReturnType<typeof createKeptReads>;
