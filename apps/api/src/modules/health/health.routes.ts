import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readinessResponseSchema } from '@pehnava/shared';
import type { DatabaseHandle } from '../../db/client.js';
import type { Readiness, RedisPing } from './readiness.js';

const PING_TIMEOUT_MS = 2_000;
/** When a load balancer should ask again after a 503 (its own check interval usually decides). */
const NOT_READY_RETRY_AFTER_SECONDS = 5;

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  version: string;
  readiness: Readiness;
  /** The Redis client rate limits use, when REDIS_URL is set: readiness checks it too. */
  redis?: RedisPing | undefined;
}> = async (app, { database, version, readiness, redis }) => {
  // From the moment the app starts closing, readiness says so (a signal marks it sooner).
  app.addHook('preClose', async () => {
    readiness.markDraining();
  });

  app.get(
    '/ready',
    {
      schema: {
        tags: ['Site'],
        summary:
          'Whether this process should be sent requests: 200 when ready, else 503 naming the failed checks',
        description:
          'For load balancers (decision 075). Ready means not shutting down (draining), the database answers, every migration this build ships is applied, and Redis answers when REDIS_URL is set. Each check is given at most 1 s, side by side. GET /api/health says only whether the process is alive.',
        response: {
          200: readinessResponseSchema,
          503: readinessResponseSchema.describe(
            'Not ready: draining, the database or Redis not answering, or migrations not applied',
          ),
        },
      },
    },
    async (_request, reply) => {
      const answer = await readiness.check({ redis });
      reply.header('cache-control', 'no-store');
      if (!answer.success) reply.header('retry-after', String(NOT_READY_RETRY_AFTER_SECONDS));
      return reply.code(answer.success ? 200 : 503).send({ ...answer, version });
    },
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['Site'],
        summary: "The service's health: 200 when the database answers, else 503",
        response: {
          200: healthResponseSchema,
          503: healthResponseSchema.describe('The database does not answer'),
        },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      const reachable = await Promise.race([
        database.ping(),
        new Promise<boolean>((resolve) => setTimeout(resolve, PING_TIMEOUT_MS, false).unref()),
      ]);
      const body = {
        success: reachable,
        status: reachable ? ('ok' as const) : ('degraded' as const),
        database: {
          kind: database.kind,
          reachable,
          latencyMs: reachable ? Math.round((performance.now() - started) * 10) / 10 : null,
        },
        uptimeSeconds: Math.round(process.uptime()),
        version,
      };
      reply.header('cache-control', 'no-store');
      return reply.code(reachable ? 200 : 503).send(body);
    },
  );
};
