import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailAttachmentParamsSchema, devMailResponseSchema } from '@pehnava/shared';
import type { DevOutbox } from '../../adapters/mail/dev-outbox.js';
import { notFound } from '../../lib/http-error.js';

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

  app.get(
    '/dev/mail/:id/attachments/:index',
    {
      schema: {
        tags: ['Development'],
        summary: 'A file sent with a kept mail (a tax invoice’s PDF), to download',
        params: devMailAttachmentParamsSchema,
        response: {
          200: {
            description: 'The file, with its type and name',
            content: { 'application/octet-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const file = devOutbox.attachment(request.params.id, request.params.index);
      if (!file) throw notFound('No such file in the development mailbox.');
      // Sent as the file's bytes (a Buffer is sent as it is, past the schema's serializer).
      return (reply as unknown as FastifyReply)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .type(file.contentType)
        .send(file.content);
    },
  );
};
