import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MessageFormat from '@messageformat/core';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';

// The shop's message catalogues (decision 086): the same parts in English and Hindi, the same keys
// in each, each message the same placeholders in both, every one of them ICU MessageFormat that
// messageformat compiles, and no Hindi message left in English.

const root = join(import.meta.dirname, 'catalogues');
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(root, language, file), 'utf8')) as Record<string, string>;
const files = (language: string) =>
  readdirSync(join(root, language))
    .filter((file) => file.endsWith('.json'))
    .sort();

/** The names of a message's placeholders, whatever they are inside. */
function placeholders(tokens: readonly Token[], into = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') into.add(token.arg);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      into.add(token.arg);
      for (const each of token.cases) placeholders(each.tokens, into);
    }
  }
  return into;
}

/** Hindi messages that are rightly the same as the English ones, each with its reason. */
const SAME_IN_BOTH = new Set<string>([
  // The paid plans' names are the brand's, written as on the plans page, mails and invoices.
  'menu.json:planPlus',
  'menu.json:planPro',
]);

describe('message catalogues', () => {
  it('has the same parts in English and Hindi', () => {
    expect(files('en').length).toBeGreaterThan(0);
    expect(files('hi')).toEqual(files('en'));
  });

  for (const file of files('en')) {
    describe(file, () => {
      const en = read('en', file);
      const hi = read('hi', file);

      it('has every key in both languages', () => {
        expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
      });

      it('gives each message the same placeholders in both', () => {
        for (const key of Object.keys(en)) {
          const english = [...placeholders(parse(en[key]!))].sort();
          const hindi = [...placeholders(parse(hi[key] ?? ''))].sort();
          expect({ key, placeholders: hindi }).toEqual({ key, placeholders: english });
        }
      });

      it('compiles every message', () => {
        for (const [language, messages] of [
          ['en', en],
          ['hi', hi],
        ] as const) {
          const compiler = new MessageFormat(language);
          for (const [key, text] of Object.entries(messages)) {
            expect(text.trim(), `${language} ${key}`).not.toBe('');
            expect(() => compiler.compile(text), `${language} ${key}`).not.toThrow();
          }
        }
      });

      it('leaves no Hindi message in English', () => {
        const untranslated = Object.keys(en).filter(
          (key) => hi[key] === en[key] && !SAME_IN_BOTH.has(`${file}:${key}`),
        );
        expect(untranslated).toEqual([]);
        for (const [key, text] of Object.entries(hi)) {
          if (SAME_IN_BOTH.has(`${file}:${key}`)) continue;
          expect(/[\u0900-\u097f]/.test(text), `hi ${key}: ${text}`).toBe(true);
        }
      });
    });
  }
});
