import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { etagMatches } from '../lib/encoded-body.js';

/** True when the response tells the client to keep no copy (`Cache-Control: no-store`). */
function isNoStore(cacheControl: unknown): boolean {
  return typeof cacheControl === 'string' && /(?:^|,)\s*no-store\s*(?:,|$)/i.test(cacheControl);
}

/**
 * Weak ETags on responses, computed on the body before compression, and 304 when the client's
 * copy matches, as @fastify/etag made them, with one difference (decision 040): a response marked
 * `no-store` (the signed-in reads: profile, cart, wishlist, plan) gets none, because the client
 * keeps no copy to revalidate, and hashing it on every request is wasted work. A response that
 * sets its own ETag (the catalogue, pages) keeps it. Only GET and HEAD are answered so: a 304 is
 * the answer to a conditional read, and the answer to a write (a checkout, a payment) is not kept.
 */
export function registerEtags(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      done(null, payload);
      return;
    }
    let etag = reply.getHeader('etag');
    if (etag === undefined) {
      const hashable = typeof payload === 'string' || Buffer.isBuffer(payload);
      if (!hashable || isNoStore(reply.getHeader('cache-control'))) {
        done(null, payload);
        return;
      }
      etag = `W/"${createHash('sha1').update(payload).digest('base64')}"`;
      reply.header('etag', etag);
    }
    if (etagMatches(request.headers['if-none-match'], String(etag))) {
      reply.code(304);
      done(null, '');
      return;
    }
    done(null, payload);
  });
}
