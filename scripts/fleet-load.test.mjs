// The fleet test's reading of the SMTP sink's file while the relay appends to it (the fresh-clone
// CI once read it in the middle of a mail and the sign-up failed on a JSON error).
import { describe, expect, it } from 'vitest';
import { completeMails } from './fleet-load.mjs';

const line = (to, raw) =>
  `${JSON.stringify({ at: '2026-11-29T10:00:00Z', from: 'a@b', to: [to], raw })}\n`;

describe('the mails read from the sink while it is written', () => {
  it('reads every whole mail', () => {
    const text = line('a@x.in', 'code 111111') + line('b@x.in', 'code 222222');
    expect(completeMails(text).map((m) => m.to[0])).toEqual(['a@x.in', 'b@x.in']);
  });

  it('leaves out a mail cut off in the middle, and reads it once it is whole', () => {
    const whole = line('a@x.in', 'one') + line('b@x.in', 'two');
    for (let cut = 0; cut < whole.length; cut += 1) {
      const seen = completeMails(whole.slice(0, cut)).map((m) => m.to[0]);
      expect(seen).toEqual(cut < line('a@x.in', 'one').length ? [] : ['a@x.in']);
    }
    expect(completeMails(whole)).toHaveLength(2);
  });

  it('skips a line that does not parse and keeps the ones after it', () => {
    const text = '{"to":["a@x.in"],"raw":"unterminated\n' + line('b@x.in', 'two');
    expect(completeMails(text).map((m) => m.to[0])).toEqual(['b@x.in']);
  });

  it('reads nothing from an empty file', () => {
    expect(completeMails('')).toEqual([]);
  });
});
