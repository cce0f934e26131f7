import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationSchema } from './common.js';
import { cleanText, hasDisallowedCharacters, textField, textFieldMessages } from './text-field.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('cleanText', () => {
  it('trims whitespace and invisible characters from both ends only', () => {
    expect(cleanText('  Asha Rao\t')).toBe('Asha Rao');
    expect(cleanText('\u200b\ufeff\u2060Asha\u200d\u00a0')).toBe('Asha');
    expect(cleanText('A\u200dB')).toBe('A\u200dB');
    expect(cleanText('\u202eAsha')).toBe('Asha');
  });

  it('makes a value of only invisible characters empty', () => {
    for (const blank of [
      '',
      '   ',
      '\u200b\u200c\u200d',
      '\u2060\ufeff',
      '\u00ad',
      '\u2800',
      '\u3164',
    ]) {
      expect(cleanText(blank)).toBe('');
      expect(cleanText(blank, { multiline: true })).toBe('');
    }
    expect(cleanText('\u200b\ufe0f\u200b')).toBe('');
  });

  it('makes every line break \\n in multi-line values and leaves one-line values alone', () => {
    expect(cleanText('a\r\nb\rc\u2028d\ne', { multiline: true })).toBe('a\nb\nc\nd\ne');
    expect(cleanText('a\r\nb')).toBe('a\r\nb');
  });

  it('normalises to NFC', () => {
    expect(cleanText('Re\u0301nu')).toBe('R\u00e9nu');
  });

  it('keeps an emoji whole, variation selector included', () => {
    expect(cleanText('Asha \u2764\ufe0f')).toBe('Asha \u2764\ufe0f');
  });

  it('takes a long run of spaces in linear time', () => {
    const started = performance.now();
    expect(cleanText(`${' '.repeat(200_000)}x${' '.repeat(200_000)}`)).toBe('x');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('hasDisallowedCharacters', () => {
  it('finds C0 and C1 controls, DEL, overrides, separators and lone surrogates', () => {
    for (const bad of [
      '\u0000',
      '\u0007',
      '\t',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009b',
      '\u202e',
      '\u2066',
      '\u2028',
      '\ud800',
      '\udfff',
      '\uffff',
    ]) {
      expect(hasDisallowedCharacters(`a${bad}b`), JSON.stringify(bad)).toBe(true);
    }
  });

  it('lets a multi-line value have \\n and nothing else of the controls', () => {
    expect(hasDisallowedCharacters('a\nb', { multiline: true })).toBe(false);
    expect(hasDisallowedCharacters('a\nb')).toBe(true);
    expect(hasDisallowedCharacters('a\tb', { multiline: true })).toBe(true);
    expect(hasDisallowedCharacters('a\u0000b', { multiline: true })).toBe(true);
  });

  it('accepts the scripts and symbols shoppers type', () => {
    for (const good of [
      'Asha Rao',
      'अर्जुन',
      'क्\u200dष',
      'ਸਿੰਘ',
      'Ré',
      '😀 👨‍👩‍👧',
      '₹1,999',
      "D'Souza",
    ]) {
      expect(hasDisallowedCharacters(good), good).toBe(false);
    }
  });
});

describe('textField', () => {
  const name = textField({ label: 'Name', max: 10 });
  const address = textField({ label: 'Address', max: 20, required: false, multiline: true });

  it('gives the cleaned value', () => {
    expect(name.parse('  Asha ')).toBe('Asha');
    expect(address.parse('1 Road\r\nMumbai\n')).toBe('1 Road\nMumbai');
    expect(address.parse('\u200b')).toBe('');
  });

  it('names the field in each refusal', () => {
    expect(messagesOf(name.safeParse('As\u0000ha'))).toEqual([
      'Name contains characters that are not allowed',
    ]);
    expect(messagesOf(name.safeParse('\u200b \u200c'))).toEqual(['Name is required']);
    expect(messagesOf(name.safeParse(undefined))).toEqual(['Name is required']);
    expect(messagesOf(name.safeParse(42))).toEqual(['Name must be text']);
    expect(messagesOf(name.safeParse('a'.repeat(11)))).toEqual([
      'Name must be at most 10 characters long',
    ]);
    expect(messagesOf(address.safeParse('a\tb'))).toEqual([
      'Address contains characters that are not allowed',
    ]);
  });

  it('counts the length after cleaning, in characters', () => {
    expect(name.parse(`   ${'a'.repeat(10)}   `)).toBe('a'.repeat(10));
    expect(name.parse('😀'.repeat(10))).toBe('😀'.repeat(10));
    expect(name.safeParse('😀'.repeat(11)).success).toBe(false);
  });

  it('uses the words it is given', () => {
    const field = textField({
      label: 'Name',
      max: 5,
      messages: { required: 'Please enter your name', notText: 'Please enter your name' },
    });
    expect(messagesOf(field.safeParse(' '))).toEqual(['Please enter your name']);
    expect(messagesOf(field.safeParse(null))).toEqual(['Please enter your name']);
  });

  it('lists every message it can give, for the API to show as it is', () => {
    textField({ label: 'Favourite colour', max: 3 });
    expect(textFieldMessages).toContain(
      'Favourite colour contains characters that are not allowed',
    );
    expect(textFieldMessages).toContain('Favourite colour must be at most 3 characters long');
  });

  it('never gives a value that breaks the rule, whatever it is sent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.anything()), (input) => {
        for (const field of [name, address]) {
          const result = field.safeParse(input);
          if (!result.success) continue;
          const multiline = field === address;
          expect(typeof result.data).toBe('string');
          expect(hasDisallowedCharacters(result.data, { multiline })).toBe(false);
          expect(result.data).toBe(cleanText(result.data, { multiline }));
          expect(Array.from(result.data).length).toBeLessThanOrEqual(multiline ? 20 : 10);
        }
      }),
      { seed: 20, numRuns: 200 },
    );
    // About a second on a quiet machine; the budget is for a hang, not for a busy machine (it
    // timed out at Vitest's default 5 s with the CPU shared at load 25).
  }, 30_000);
});

describe('durationSchema', () => {
  it('reads the four durations, as numbers or their plain decimal strings', () => {
    for (const [input, days] of [
      [2, 2],
      [4, 4],
      [7, 7],
      [14, 14],
      ['2', 2],
      ['14', 14],
    ] as const) {
      expect(durationSchema.parse(input)).toBe(days);
    }
  });

  it('reads nothing else as a duration', () => {
    for (const input of [
      [[2]],
      [2],
      '0x2',
      '2e0',
      ' 2',
      '2 ',
      '02',
      '2.0',
      3,
      2.5,
      -2,
      1e10,
      true,
      null,
      {},
      '',
    ]) {
      expect(messagesOf(durationSchema.safeParse(input)), JSON.stringify(input)).toEqual([
        'Please choose a rental period of 2, 4, 7 or 14 days',
      ]);
    }
  });
});
