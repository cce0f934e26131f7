import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { RouteTimings } from './metrics/route-timings.js';

/**
 * Which requests get an access line (ACCESS_LOG): 'notable' (the default) logs the requests an
 * operator looks for: writes, failures and slow answers; 'all' logs every request.
 */
export type AccessLogMode = Config['ACCESS_LOG'];

/** Methods that change nothing: a quick, successful one is not notable. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Fastify's own per-request log lines, as this app writes them (decision 062): one line per
 * request, when its response has gone, with its method, URL, client address, status and time in
 * ms, instead of Fastify's two ('incoming request' and 'request completed') for every request.
 *
 * - a response that failed to send: at `error`;
 * - an answer that took `slowMs` or longer: at `warn`;
 * - a 5xx, a write (not GET, HEAD or OPTIONS), or any request in 'all' mode: at `info`.
 *
 * A route whose config says `accessLog: false` (/metrics, scraped every few seconds) gets none.
 * A quick read answered below 500 writes nothing, and so never makes its request's logger
 * (requestLoggerFactory in logger.ts). A failure's error is logged once, at `error`, by the error
 * handler (plugins/errors.ts), with the request's method and URL; its access line stays at `info`,
 * as Fastify's own is, so that error lines count failures.
 */
export class AccessLog extends LogController {
  readonly #mode: AccessLogMode;
  readonly #slowMs: number;
  readonly #timings: RouteTimings | undefined;

  constructor({
    mode,
    slowMs,
    timings,
  }: {
    mode: AccessLogMode;
    slowMs: number;
    /**
     * Where every answer's time is counted for /metrics (decision 075): here, where Fastify calls
     * for every request anyway, rather than in a hook of each request's own.
     */
    timings?: RouteTimings;
  }) {
    super();
    this.#mode = mode;
    this.#slowMs = slowMs;
    this.#timings = timings;
  }

  /** Nothing when a request arrives: its line is written when it has been answered. */
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    const { config } = request.routeOptions;
    this.#timings?.record(config.timings, request.method, reply.statusCode, responseTime);
    const level = this.#levelOf(error, request.method, reply.statusCode, responseTime);
    if (!level || config.accessLog === false) return;
    const line = { req: request, res: reply, responseTime, ...(error ? { err: error } : {}) };
    reply.log[level](line, error ? 'request errored' : 'request completed');
  }

  /** The level a request's line is written at, or undefined when it gets none. */
  #levelOf(
    error: Error | null | undefined,
    method: string,
    status: number,
    responseTime: number,
  ): 'error' | 'warn' | 'info' | undefined {
    if (error) return 'error';
    if (responseTime >= this.#slowMs) return 'warn';
    if (status >= 500 || this.#mode === 'all' || !READ_METHODS.has(method)) return 'info';
    return undefined;
  }
}
