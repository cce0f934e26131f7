import { describe, expect, it } from 'vitest';
import {
  languageFromCookie,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
} from './languages.js';

describe('the storefront languages by address', () => {
  it('puts Hindi under /hi and English everywhere else', () => {
    expect(languageOfPath('/hi')).toBe('hi');
    expect(languageOfPath('/hi/')).toBe('hi');
    expect(languageOfPath('/hi/product/x')).toBe('hi');
    expect(languageOfPath('/')).toBe('en');
    expect(languageOfPath('/hindi')).toBe('en');
    expect(languageOfPath('/history/hi')).toBe('en');
    expect(languageOfPath('/collection')).toBe('en');
  });

  it('moves an address between the languages and back', () => {
    for (const path of ['/', '/collection', '/product/abc', '/orders/1/choose']) {
      const hindi = pathInLanguage(path, 'hi');
      expect(languageOfPath(hindi)).toBe('hi');
      expect(pathWithoutLanguage(hindi)).toBe(path);
      expect(pathInLanguage(path, 'en')).toBe(path);
      expect(pathWithoutLanguage(path)).toBe(path);
    }
    expect(pathInLanguage('/', 'hi')).toBe('/hi');
    expect(pathWithoutLanguage('/hi/')).toBe('/');
  });

  it('reads the kept choice from a Cookie header, and nothing else', () => {
    expect(languageFromCookie('pehnava-lang=hi')).toBe('hi');
    expect(languageFromCookie('a=1; pehnava-lang=en; b=2')).toBe('en');
    expect(languageFromCookie('pehnava-lang=fr')).toBeUndefined();
    expect(languageFromCookie('xpehnava-lang=hi')).toBeUndefined();
    expect(languageFromCookie('pehnava-lang=hindi')).toBeUndefined();
    expect(languageFromCookie(undefined)).toBeUndefined();
  });
});
