import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createRequestIds } from './request-id.js';

const withId = (id?: string | string[]) =>
  ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as unknown as IncomingMessage;

describe('request ids', () => {
  it("takes the load balancer's id when it is 1 to 128 visible ASCII characters", () => {
    const genReqId = createRequestIds('p');
    for (const id of ['a', '0af3c1e2:4c1d_1/2', 'x'.repeat(128), '{"quoted":"id"}']) {
      expect(genReqId(withId(id))).toBe(id);
    }
  });

  it('makes its own for a missing, empty, long or unreadable one', () => {
    const genReqId = createRequestIds('p');
    const hostile = [
      undefined,
      '',
      'x'.repeat(129),
      'two words',
      'line\nbreak',
      'tab\there',
      'nul\u0000',
      'del\u007f',
      'café',
      '\u202eevil',
      ['a', 'b'],
    ];
    expect(hostile.map((id) => genReqId(withId(id)))).toEqual(
      hostile.map((_, i) => `p-${(i + 1).toString(36)}`),
    );
  });

  it("makes ids no other process makes: each process's prefix is its own", () => {
    const [a, b] = [createRequestIds(), createRequestIds()];
    const first = a(withId());
    expect(first).toMatch(/^[0-9a-f]{8}-1$/);
    expect(b(withId())).not.toBe(first);
  });
});
