import { describe, expect, it } from 'vitest';
import { PRODUCT_SEARCH_LIMITS } from '../constants/product-search.js';
import {
  catalogueQueryFromParams,
  filterParamNames,
  productSearchPath,
  searchText,
} from './search-request.js';

const SEARCH_TEXT_MAX = PRODUCT_SEARCH_LIMITS.queryMax;
const TYPES = ['category', 'subCategory', 'occasion', 'colour'];
const fromUrl = (query: string, types: readonly string[] = TYPES) =>
  catalogueQueryFromParams(new URLSearchParams(query), types);
/** The collection's address → the API address it asks for, as the page and the server do. */
const requestFor = (query: string, types: readonly string[] = TYPES) => {
  const { search, filters, sort } = fromUrl(query, types);
  return productSearchPath({ search, filters, sort });
};

describe('the collection address', () => {
  it('reads the search, the sort and every group of the catalogue', () => {
    expect(fromUrl('q=silk&category=Women&occasion=Wedding&occasion=Mehendi&sort=newest')).toEqual({
      search: 'silk',
      sort: 'newest',
      filters: {
        category: ['Women'],
        subCategory: [],
        occasion: ['Wedding', 'Mehendi'],
        colour: [],
      },
    });
  });

  it('ignores parameters that are not filter types, an unknown sort, empty and repeated values', () => {
    expect(fromUrl('utm_source=mail&sort=cheapest&colour=&colour=Red&colour=Red')).toEqual({
      search: '',
      sort: 'relevant',
      filters: { category: [], subCategory: [], occasion: [], colour: ['Red'] },
    });
    // A filter type named like one of the API's own parameters cannot be asked for as a group.
    expect(fromUrl('page=2', ['page', 'colour']).filters).toEqual({ colour: [] });
  });

  it('names the parameters that may be groups, once each', () => {
    expect(
      filterParamNames(
        new URLSearchParams(
          'q=x&sort=newest&page=2&pageSize=5&bestseller=true&colour=Red&colour=Blue&utm=a&empty=',
        ),
      ),
    ).toEqual(['colour', 'utm']);
    expect(filterParamNames(new URLSearchParams('q=silk&sort=newest'))).toEqual([]);
  });
});

describe('the search request', () => {
  it('leaves out every default', () => {
    expect(productSearchPath({})).toBe('/products');
    expect(productSearchPath({ search: '  ', sort: 'relevant', page: 1, pageSize: 24 })).toBe(
      '/products',
    );
    expect(requestFor('')).toBe('/products');
  });

  it('writes the home shelves as the brief names them', () => {
    expect(productSearchPath({ pageSize: 10 })).toBe('/products?pageSize=10');
    expect(productSearchPath({ bestseller: true, pageSize: 5 })).toBe(
      '/products?bestseller=true&pageSize=5',
    );
  });

  it('puts parameters in one order, whatever order the address has them in', () => {
    const a = requestFor('sort=newest&occasion=Wedding&q=silk&category=Women&occasion=Mehendi');
    const b = requestFor('occasion=Mehendi&category=Women&occasion=Wedding&q=silk&sort=newest');
    expect(a).toBe(b);
    expect(a).toBe('/products?q=silk&sort=newest&category=Women&occasion=Mehendi&occasion=Wedding');
    expect(productSearchPath({ filters: { occasion: ['Wedding'] }, page: 3, pageSize: 12 })).toBe(
      '/products?occasion=Wedding&pageSize=12&page=3',
    );
  });

  it('orders groups and values by code unit, not by locale, and drops empty groups', () => {
    expect(
      productSearchPath({
        filters: { subCategory: ['b'], colour: ['red', 'Red', 'Émeraude'], size: [] },
      }),
    ).toBe('/products?colour=Red&colour=red&colour=%C3%89meraude&subCategory=b');
  });

  it('encodes text so that it reads back exactly as typed, Hindi and symbols included', () => {
    const path = productSearchPath({
      search: ' लहंगा & silk+gold ',
      filters: { colour: ['Rose Gold'] },
    });
    const params = new URLSearchParams(path.slice(path.indexOf('?') + 1));
    expect(params.get('q')).toBe('लहंगा & silk+gold');
    expect(params.getAll('colour')).toEqual(['Rose Gold']);
  });

  it('cuts an over-long search to the limit without splitting a character', () => {
    const long = `${'a'.repeat(SEARCH_TEXT_MAX - 1)}😀😀`;
    const cut = searchText(long);
    expect(Array.from(cut)).toHaveLength(SEARCH_TEXT_MAX);
    expect(cut.endsWith('😀')).toBe(true);
    expect(searchText(`  ${'ल'.repeat(150)}  `)).toBe('ल'.repeat(SEARCH_TEXT_MAX));
  });

  it('never sends a group that is one of its own parameters', () => {
    expect(productSearchPath({ filters: { page: ['9'], colour: ['Red'] } })).toBe(
      '/products?colour=Red',
    );
  });
});
