import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** A JSON body kept serialized and compressed, so a cached response costs no work per request. */
export interface EncodedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export function encodeJsonBody(value: unknown): EncodedBody {
  const identity = Buffer.from(JSON.stringify(value));
  const digest = createHash('sha1').update(identity).digest('base64url').slice(0, 27);
  return {
    etag: `W/"${digest}"`,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  };
}

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Pick the best encoding the client accepts (q=0 excludes one). */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (!acceptEncoding) return 'identity';
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
 * A value rebuilt on demand: kept until invalidated (or older than ttlMs, a safety net for writes
 * made by another process), with concurrent rebuilds coalesced into one.
 */
export class RebuildableCache<T> {
  private value: T | undefined;
  private builtAt = 0;
  private generation = 0;
  private inFlight: Promise<T> | undefined;

  constructor(
    private readonly build: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<T> {
    if (this.value !== undefined && (this.ttlMs === 0 || this.now() - this.builtAt < this.ttlMs)) {
      return this.value;
    }
    if (!this.inFlight) {
      const generation = this.generation;
      this.inFlight = this.build()
        .then((value) => {
          // A write that landed while building makes this result stale: serve it once, keep nothing.
          if (generation === this.generation) {
            this.value = value;
            this.builtAt = this.now();
          }
          return value;
        })
        .finally(() => {
          this.inFlight = undefined;
        });
    }
    return this.inFlight;
  }

  invalidate(): void {
    this.generation += 1;
    this.value = undefined;
  }
}
