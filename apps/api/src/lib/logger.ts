import { pino } from 'pino';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

/**
 * Structured JSON logs (pino). Secrets never reach a log line: authorization headers, cookies and
 * any body or object field that holds a password, code or token are censored.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.token',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.otp',
  '*.code',
  '*.token',
  '*.razorpay_signature',
];

/** What a logged error becomes: only fields known to carry no shopper data. */
export interface SafeError {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  statusCode?: number;
  [field: string]: unknown;
}

/** The fields of a PostgreSQL error (pg, PGlite) that name things but hold no values. */
const DATABASE_ERROR_FIELDS = [
  'code',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;
const MAX_DEPTH = 4;

/** A server's error report: an SQLSTATE code (5 characters) and a severity. */
function isDatabaseError(error: Error): error is Error & Record<string, unknown> {
  const { code, severity } = error as Error & { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** A failed query as a driver or Drizzle reports it: the SQL and its parameters. */
function isQueryError(error: Error): error is Error & { query: unknown } {
  return 'params' in error || 'query' in error;
}

/**
 * A database message with whatever it quotes taken out: PostgreSQL quotes the values it
 * complains about ('invalid input syntax for type uuid: "…"'); constraint and table names are
 * logged in their own fields.
 */
const withoutQuoted = (message: string) =>
  message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");

/** 'insert into "otp_codes"', 'update "users"': which statement failed, without its values. */
function statementOf(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  const verb = /^\s*(select|insert into|update|delete from|with)\b/i.exec(query)?.[1];
  if (!verb) return undefined;
  const table = /\b(?:from|into|update)\s+("[\w$]+")/i.exec(query)?.[1];
  return table ? `${verb.toLowerCase()} ${table}` : verb.toLowerCase();
}

/** The stack's frames under a first line of our choosing (a stack starts with the message). */
function framesUnder(heading: string, stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [heading, ...frames].join('\n');
}

/**
 * An error as it may be logged. A failed query keeps which statement it was and its cause; a
 * database error keeps its SQLSTATE code, constraint, table and column, and its message with
 * quoted values removed; neither keeps parameters, query text, `detail` or `where` (which repeat
 * values). Any other error keeps its message, code and status. Causes and aggregated errors are
 * treated the same way; no other field is copied.
 */
export function safeError(error: Error, depth = 0): SafeError {
  const type = error.constructor?.name || error.name || 'Error';
  if (depth > MAX_DEPTH) return { type, message: '[nested too deep]' };
  const safe: SafeError = { type, message: error.message };
  if (isQueryError(error)) {
    safe.message = 'database query failed';
    const statement = statementOf(error.query);
    if (statement) safe.statement = statement;
  }
  if (isDatabaseError(error)) {
    safe.message = withoutQuoted(error.message);
    for (const field of DATABASE_ERROR_FIELDS) {
      const value = error[field];
      if (typeof value === 'string' && value !== '') safe[field] = value;
    }
  } else {
    const { code, statusCode } = error as Error & { code?: unknown; statusCode?: unknown };
    if (typeof code === 'string' || typeof code === 'number') safe.code = code;
    if (typeof statusCode === 'number') safe.statusCode = statusCode;
  }
  const stack = framesUnder(`${type}: ${safe.message}`, error.stack);
  if (stack) safe.stack = stack;
  if (error.cause !== undefined) safe.cause = safeValue(error.cause, depth + 1);
  if (error instanceof AggregateError) {
    safe.errors = (error.errors as unknown[]).map((inner) => safeValue(inner, depth + 1));
  }
  return safe;
}

const safeValue = (value: unknown, depth: number): unknown =>
  value instanceof Error ? safeError(value, depth) : value;

/** Fastify's `err` serializer shape (its type demands a stack). */
interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** The `err` and `error` serializers: errors made safe (see safeError); other values kept. */
function serializeError(value: unknown): SerializedError {
  if (!(value instanceof Error)) return value as SerializedError;
  const safe = safeError(value);
  return { ...safe, stack: safe.stack ?? '' };
}

/** A message for a line that has none but an error: the error's safe message. */
const messageOf = (error: Error) => safeError(error).message;

/** Errors anywhere near the top of a logged object (not only under `err`) are made safe. */
function withSafeErrors(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return safeError(value);
  if (depth >= 2 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withSafeErrors(item, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withSafeErrors(item, depth + 1)]),
  );
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>) {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
    formatters: {
      log: (object: Record<string, unknown>) => withSafeErrors(object) as Record<string, unknown>,
    },
    hooks: {
      // pino takes a line's message from its error when none is given (`log.error(err)`,
      // `log.error({ err })`): give the safe one instead.
      logMethod(args: unknown[], method: (...args: unknown[]) => void) {
        const [first, second] = args;
        if (typeof second === 'string') return method.apply(this, args);
        if (first instanceof Error)
          return method.apply(this, [first, messageOf(first), ...args.slice(1)]);
        const err = (first as { err?: unknown } | null)?.err;
        if (
          err instanceof Error &&
          typeof first === 'object' &&
          (first as { msg?: unknown }).msg === undefined
        ) {
          return method.apply(this, [first, messageOf(err), ...args.slice(1)]);
        }
        return method.apply(this, args);
      },
    },
  } satisfies FastifyServerOptions['logger'];
}

/**
 * The process's logger, made once by the composition root and shared by the HTTP app (Fastify
 * adds its request serializers to it) and the background jobs. Tests pass a stream to read the
 * lines, or nothing at LOG_LEVEL=silent.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: { write(line: string): void },
): FastifyBaseLogger {
  const options = loggerOptions(config);
  return stream ? pino(options, stream) : pino(options);
}

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/** Whether a line at `level` is written (pino's isLevelEnabled); true for a logger that cannot say. */
function levelOn(logger: FastifyBaseLogger, level: string): boolean {
  const check = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof check === 'function' ? check.call(logger, level) : true;
}

/**
 * A request's logger, made the first time the request writes a line at a level that is on.
 * Fastify makes a child logger per request to stamp its lines with the request id; with pino's
 * redaction that child cost about 6 % of a kept answer's CPU, and at LOG_LEVEL=warn most requests
 * never write a line. What is written is exactly what the child would have written.
 */
class RequestLogger {
  #made: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: ChildOptions;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  #write(level: LogLevel, args: unknown[]): void {
    if (this.#made || levelOn(this.#parent, level)) {
      (this.#logger()[level] as (...line: unknown[]) => void)(...args);
    }
  }

  get level(): string {
    return this.#made?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return levelOn(this.#made ?? this.#parent, level);
  }
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}
  child(bindings: Record<string, unknown>, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: each request's logger made when first written to (RequestLogger).
 * A route with a log level of its own gets its child at once, as Fastify would make it.
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: ChildOptions,
): FastifyBaseLogger {
  if (options && Object.keys(options).length > 0) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
