import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@pehnava/shared';
import type { DatabaseHandle } from '../../db/client.js';

const PING_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  version: string;
}> = async (app, { database, version }) => {
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
