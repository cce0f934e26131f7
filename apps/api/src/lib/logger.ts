import type { FastifyServerOptions } from 'fastify';
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
