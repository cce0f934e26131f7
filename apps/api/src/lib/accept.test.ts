import { describe, expect, it } from 'vitest';
import { preferredType } from './accept.js';

const OFFERED = ['application/json', 'application/pdf'] as const;
const pick = (accept: string | undefined) => preferredType(accept, OFFERED);

describe('the type an Accept header prefers', () => {
  it('is the default (the first offered) without a header, for anything, and on ties', () => {
    expect(pick(undefined)).toBe('application/json');
    expect(pick('')).toBe('application/json');
    expect(pick('*/*')).toBe('application/json');
    expect(pick('application/*')).toBe('application/json');
    expect(pick('application/json, application/pdf')).toBe('application/json');
    expect(pick('application/pdf, application/json')).toBe('application/json');
    // Accepts none of them: the usual answer, not a 406.
    expect(pick('text/html')).toBe('application/json');
    expect(pick('nonsense')).toBe('application/json');
  });

  it('is the other type when it weighs more', () => {
    expect(pick('application/pdf')).toBe('application/pdf');
    expect(pick('Application/PDF')).toBe('application/pdf');
    expect(pick('application/pdf, */*;q=0.8')).toBe('application/pdf');
    expect(pick('application/json;q=0.5, application/pdf')).toBe('application/pdf');
    expect(pick('application/pdf;q=0.9, application/json;q=0.4')).toBe('application/pdf');
    // The most specific range decides: json is refused outright, pdf comes with */*.
    expect(pick('application/json;q=0, */*')).toBe('application/pdf');
  });

  it('stays the default when the other weighs less or is refused', () => {
    expect(pick('application/pdf;q=0.5, application/json')).toBe('application/json');
    expect(pick('application/pdf;q=0, */*')).toBe('application/json');
    expect(pick('text/html, application/xhtml+xml, */*;q=0.8')).toBe('application/json');
  });
});
