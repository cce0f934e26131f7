import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  etagMatches,
  negotiateEncoding,
  type EncodedBody,
} from '../modules/catalogue/catalogue.cache.js';

/**
 * Send a pre-serialized, pre-compressed JSON body: 304 when the client's copy is current, else the
 * best encoding it accepts. Browsers revalidate each time (no-cache), so a repeat load costs a 304.
 */
export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  reply
    .header('etag', body.etag)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (etagMatches(request.headers['if-none-match'], body.etag)) {
    return reply.code(304).send();
  }
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8');
  if (encoding === 'identity') return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}
