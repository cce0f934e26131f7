import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devMailResponseSchema } from '@pehnava/shared';
import type { DevOutbox } from '../../adapters/mail/dev-outbox.js';

/** GET /api/dev/mail: the development mailbox, newest first. Registered outside production only. */
export const devMailRoutes: FastifyPluginAsyncZod<{ devOutbox: DevOutbox }> = async (
  app,
  { devOutbox },
) => {
  app.get(
    '/dev/mail',
    {
      schema: {
        tags: ['Development'],
        summary: 'The development mailbox, newest first (outside production only)',
        response: { 200: devMailResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, mails: devOutbox.list() };
    },
  );
};
