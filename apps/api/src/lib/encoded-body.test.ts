import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addVary, encodeJsonBody, etagMatches, negotiateEncoding } from './encoded-body.js';

describe('encodeJsonBody', () => {
  it('keeps identical JSON in every encoding with a weak ETag of its content', () => {
    const value = { success: true, products: [{ name: 'Rani Pink Lehenga' }] };
    const body = encodeJsonBody(value);
    expect(JSON.parse(body.identity.toString())).toEqual(value);
    expect(JSON.parse(gunzipSync(body.gzip).toString())).toEqual(value);
    expect(JSON.parse(brotliDecompressSync(body.br).toString())).toEqual(value);
    expect(body.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(encodeJsonBody(value).etag).toBe(body.etag);
    expect(encodeJsonBody({ ...value, success: false }).etag).not.toBe(body.etag);
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
  ] as const)('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('etagMatches', () => {
  it('compares weakly and accepts lists and *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('addVary', () => {
  /** Just enough of a reply to hold headers. */
  const replyWith = (vary?: string) => {
    const headers: Record<string, string> = vary === undefined ? {} : { vary };
    const reply = {
      getHeader: (name: string) => headers[name],
      header(name: string, value: string) {
        headers[name] = value;
        return reply;
      },
    };
    return { reply: reply as unknown as FastifyReply, headers };
  };

  it.each([
    [undefined, 'accept-encoding'],
    ['Origin', 'Origin, accept-encoding'],
    ['Origin, Accept-Encoding', 'Origin, Accept-Encoding'],
    ['*', '*'],
  ] as const)('%s + accept-encoding → %s', (before, after) => {
    const { reply, headers } = replyWith(before);
    addVary(reply, 'accept-encoding');
    expect(headers.vary).toBe(after);
  });
});
