import { describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS, countAppliedFilters, isCatalogueSort } from './query.js';

describe("the collection's view", () => {
  it('counts applied filters across groups', () => {
    expect(
      countAppliedFilters({ category: ['Women'], occasion: ['Wedding', 'Mehendi'], colour: [] }),
    ).toBe(3);
    expect(countAppliedFilters({})).toBe(0);
  });

  it('knows its six sorts, relevance first', () => {
    expect(CATALOGUE_SORTS[0]).toBe('relevant');
    for (const sort of CATALOGUE_SORTS) expect(isCatalogueSort(sort)).toBe(true);
    expect(isCatalogueSort('cheapest')).toBe(false);
  });
});
