import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@pehnava/shared';

const YEAR_SECONDS = 31_536_000;

export interface WebOptions {
  /** The built web app (apps/web/dist); absent in API-only runs and tests. */
  webRoot?: string;
  /** Where images live on disk (DATA_DIR/images). */
  imagesDir: string;
}

/**
 * Images (content-addressed names: cached for a year), the built web app (hashed assets cached for
 * a year, index.html revalidated) and the fallback that lets the web app route every other path.
 * Unknown /api paths get the JSON 404.
 */
export async function registerWeb(app: FastifyInstance, { webRoot, imagesDir }: WebOptions) {
  mkdirSync(imagesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: imagesDir,
    prefix: '/images/',
    decorateReply: false,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
    },
  });

  const hasWeb = webRoot !== undefined && existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/images/') &&
      // A missing script or stylesheet is a 404, never the page in its place.
      !path.startsWith('/assets/');
    if (wantsPage) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return reply.code(404).send({ success: false, message: MESSAGES.notFound });
  });
}
