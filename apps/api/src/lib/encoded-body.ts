import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { rememberedBy } from './remembered.js';

/** A JSON body kept serialized and compressed, so a cached response costs no work per request. */
export interface EncodedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export function encodeJsonBody(value: unknown): EncodedBody {
  return encodeBody(Buffer.from(JSON.stringify(value)));
}

/** A short, stable digest of a body, for its ETag or as a cache key. */
export function digestOf(body: Buffer | string): string {
  return createHash('sha1').update(body).digest('base64url').slice(0, 27);
}

/**
 * Serialize once, compress once. `effort` 'max' (brotli 9, gzip 9) suits bodies kept for many
 * requests; 'fast' (brotli 5, gzip 6) suits bodies that may be made per request.
 */
export function encodeBody(identity: Buffer, effort: 'max' | 'fast' = 'max'): EncodedBody {
  return {
    etag: `W/"${digestOf(identity)}"`,
    identity,
    gzip: gzipSync(identity, { level: effort === 'max' ? 9 : 6 }),
    br: brotliCompressSync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 9 : 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  };
}

/**
 * encodeBody at the 'fast' effort, each compressed copy made the first time a client asks for it:
 * for answers kept a while but perhaps never asked for again, or only by one kind of client.
 * `brotliQuality` 3 suits an answer that may be used only once (decision 040's per-request level).
 */
export function lazilyEncodedBody(identity: Buffer, brotliQuality = 5): EncodedBody {
  let gzip: Buffer | undefined;
  let br: Buffer | undefined;
  return {
    etag: `W/"${digestOf(identity)}"`,
    identity,
    get gzip() {
      gzip ??= gzipSync(identity, { level: 6 });
      return gzip;
    },
    get br() {
      br ??= brotliCompressSync(identity, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      });
      return br;
    },
  };
}

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding for each Accept-Encoding value seen lately: a browser sends the same one on every
 * request, and working it out is a few per cent of a kept answer's CPU.
 */
const negotiated = rememberedBy<ContentEncoding>(64);
/** Longer values (no browser sends one) are worked out each time, never kept. */
const NEGOTIATED_MAX_LENGTH = 200;

/** Pick the best encoding the client accepts (q=0 excludes one). */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
  if (acceptEncoding.length > NEGOTIATED_MAX_LENGTH) return chooseEncoding(acceptEncoding);
  return negotiated(acceptEncoding, () => chooseEncoding(acceptEncoding));
}

function chooseEncoding(acceptEncoding: string): ContentEncoding {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/** True when an If-None-Match header names this ETag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return ifNoneMatch.split(',').some((tag) => bare(tag) === wanted);
}

/**
 * Add a field to the Vary header, keeping what is there (CORS answers vary by Origin as well), so
 * a shared cache never hands one origin's or one encoding's answer to another.
 */
export function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', field);
    return;
  }
  const fields = (Array.isArray(current) ? current.join(',') : String(current))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field)) return;
  reply.header('vary', [...fields, field].join(', '));
}

/**
 * Send a pre-serialized, pre-compressed JSON body: 304 when the client's copy is current, else the
 * best encoding it accepts. Browsers revalidate each time (no-cache), so a repeat load costs a 304.
 */
export function sendEncodedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  cacheControl = 'no-cache',
) {
  return sendEncoded(request, reply, body, 'application/json; charset=utf-8', cacheControl);
}

/** sendEncodedJson for any content type. */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  contentType: string,
  cacheControl = 'no-cache',
) {
  reply.header('cache-control', cacheControl);
  addVary(reply, 'accept-encoding');
  // A client told to keep no copy has nothing to revalidate: no ETag, no 304 (plugins/etags.ts).
  if (!/\bno-store\b/.test(cacheControl)) {
    reply.header('etag', body.etag);
    if (etagMatches(request.headers['if-none-match'], body.etag)) {
      return reply.code(304).send();
    }
  }
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  reply.type(contentType);
  if (encoding === 'identity') return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}
