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

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>) {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
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
