import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { ACCOUNT_MESSAGES } from '@pehnava/shared';
import type { Config } from '../config.js';
import { HttpError } from '../lib/http-error.js';

const REDIS_CONNECT_TIMEOUT_MS = 3_000;

/**
 * The unit an address is counted in: an IPv4 address, or an IPv6 /64 (what one subscriber is
 * usually given), so rotating through one's own IPv6 addresses does not escape the limit.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export type AuthLimiter = (request: FastifyRequest) => Promise<void>;

/**
 * The Redis client of REDIS_URL (shared by every API process), or undefined when it is not set:
 * rate limits count in it and readiness pings it. Closed with the app. Counting starts with the
 * first request, so this waits (briefly) for the connection.
 */
export async function openRedis(app: FastifyInstance, config: Config): Promise<Redis | undefined> {
  if (!config.REDIS_URL) return undefined;
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable for rate limits'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), REDIS_CONNECT_TIMEOUT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!ready) app.log.warn('redis not reachable yet: rate limits wait for it');
  return redis;
}

/**
 * Rate limits for the account endpoints that can be guessed at or used to send mail: per client
 * address and per e-mail, counted in Redis when REDIS_URL is set (shared by every API process),
 * in memory otherwise. `authLimiter(name)` is a preHandler: it runs after the body is validated,
 * so the e-mail it counts is the normalised one.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  redis: Redis | undefined,
) {
  await app.register(rateLimit, {
    global: false,
    timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS,
    nameSpace: 'pehnava-rl:',
    // A Redis outage must not lock every shopper out; the limits resume when it is back.
    skipOnError: true,
    ...(redis ? { redis } : {}),
  });

  return function authLimiter(name: string): AuthLimiter {
    const perAddress = app.createRateLimit({
      max: config.AUTH_RATE_LIMIT_PER_IP,
      keyGenerator: (request) => `${name}:ip:${addressKey(request.ip)}`,
    });
    const perEmail = app.createRateLimit({
      max: config.AUTH_RATE_LIMIT_PER_EMAIL,
      keyGenerator: (request) => {
        const body = request.body as { email?: unknown } | undefined;
        return `${name}:email:${typeof body?.email === 'string' ? body.email : ''}`;
      },
    });
    return async (request) => {
      for (const check of [perAddress, perEmail]) {
        const limit = await check(request);
        if (!limit.isAllowed && limit.isExceeded) {
          throw new HttpError(429, ACCOUNT_MESSAGES.tooManyAttempts, Math.ceil(limit.ttl / 1000));
        }
      }
    };
  };
}

export type AuthLimiterFactory = Awaited<ReturnType<typeof registerRateLimits>>;
