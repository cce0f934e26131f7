import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, HttpError, serviceUnavailable } from '../lib/http-error.js';
import type { RouteSeries, RouteTimings } from '../lib/metrics/route-timings.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's HTTP timings (decision 075), set for every route as it is registered. */
    timings?: RouteSeries;
    /** false: no access-log line for this route, whatever ACCESS_LOG says (/metrics). */
    accessLog?: boolean;
  }
}

export const METRICS_MESSAGES = {
  tokenNeeded: 'A metrics token is needed',
  tokenWrong: 'That metrics token is not the one configured',
  notLocal: 'Metrics are read from the internal network only, or with the metrics token',
  unavailable: 'Metrics could not be gathered just now',
} as const;

/**
 * Every route registered after this counts its requests' timings under its own pattern. Called
 * before any route is registered; the series is looked up per request from the route's config
 * (lib/access-log.ts), so nothing is added to a request's hooks.
 */
export function registerRouteTimings(app: FastifyInstance, timings: RouteTimings): void {
  app.addHook('onRoute', (route) => {
    // A copy: several routes may share one config object (FOR_STAFF).
    route.config = { ...route.config, timings: timings.forRoute(route.url) };
  });
}

/** Loopback and private (RFC 1918, unique local, link-local) addresses. */
const INTERNAL = new BlockList();
INTERNAL.addSubnet('127.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('10.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('172.16.0.0', 12, 'ipv4');
INTERNAL.addSubnet('192.168.0.0', 16, 'ipv4');
INTERNAL.addSubnet('169.254.0.0', 16, 'ipv4');
INTERNAL.addAddress('::1', 'ipv6');
INTERNAL.addSubnet('fc00::', 7, 'ipv6');
INTERNAL.addSubnet('fe80::', 10, 'ipv6');

/** Whether an address is on this machine or the internal network. */
export function isInternalAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  const ip = mapped ?? bare.replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 0) return false;
  return INTERNAL.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** The client addresses a request says it was forwarded for (X-Forwarded-For, Forwarded, X-Real-IP). */
function forwardedFor(request: FastifyRequest): string[] {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : (value ?? '');
  };
  const addresses = [
    ...header('x-forwarded-for').split(','),
    ...header('x-real-ip').split(','),
    ...[...header('forwarded').matchAll(/for="?([^;,"]*)/gi)].map((match) => match[1] ?? ''),
  ].map((address) => address.trim());
  return addresses
    .filter((address) => address !== '')
    .map((address) => address.replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1'))
    .map((address) => address.replace(/^\[([^\]]+)\](:\d+)?$/, '$1'));
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token (401 without
 * one, 403 with another); without, only a request whose peer and every address it was forwarded
 * for are internal, so a proxy on the internal network cannot pass on an outside visitor (403).
 */
export function checkMetricsAccess(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!given) throw new HttpError(401, METRICS_MESSAGES.tokenNeeded);
    if (!sameSecret(given, token)) throw forbidden(METRICS_MESSAGES.tokenWrong);
    return;
  }
  const internal =
    isInternalAddress(request.socket.remoteAddress) &&
    forwardedFor(request).every((address) => isInternalAddress(address));
  if (!internal) throw forbidden(METRICS_MESSAGES.notLocal);
}

/**
 * GET /metrics in Prometheus's text format (decision 075). Left out of the API reference (it is
 * not JSON) and of the access log (a scrape every few seconds is not news); no rate limit.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  {
    token,
    text,
    contentType,
  }: { token: string | undefined; text: () => Promise<string>; contentType: string },
): Promise<void> {
  app.get(
    '/metrics',
    { schema: { hide: true }, config: { accessLog: false } },
    async (request, reply) => {
      checkMetricsAccess(request, token);
      let body: string;
      try {
        body = await text();
      } catch (err) {
        request.log.warn({ err }, 'metrics could not be gathered');
        throw serviceUnavailable(METRICS_MESSAGES.unavailable, 5);
      }
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
}
