import { describe, expect, it } from 'vitest';
import { HOME_META } from './page-meta.js';
import { hindiPageMeta } from './pages-meta-hi.js';
import {
  NOT_FOUND_META,
  PRODUCT_FALLBACK_META,
  STATIC_PAGE_META,
  CHOOSE_META,
} from './pages-meta.js';

describe("the Hindi shop's page titles", () => {
  const pages = [
    HOME_META,
    NOT_FOUND_META,
    PRODUCT_FALLBACK_META,
    CHOOSE_META,
    ...Object.values(STATIC_PAGE_META),
  ];

  it('has every page in Hindi, its kind kept', () => {
    for (const english of pages) {
      const hindi = hindiPageMeta(english);
      expect(hindi, english.title).not.toBe(english);
      expect(hindi.title).toMatch(/[\u0900-\u097f]/);
      expect(hindi.description).toMatch(/[\u0900-\u097f]/);
      expect(hindi.type).toBe(english.type);
    }
  });

  it('keeps the English words of a page it does not know', () => {
    const other = { title: 'Something else', description: 'Elsewhere' };
    expect(hindiPageMeta(other)).toBe(other);
  });
});
