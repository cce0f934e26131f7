// GET /api/products (the collection searched on the server) and a product's related products,
// checked against the catalogue as /api/product/list gives it: filters, sorts and pages against
// the product data, facet counts against a brute-force count, search quality, every refusal.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_SORTS,
  MESSAGES,
  PRODUCT_SEARCH_LIMITS as LIMITS,
  PRODUCT_SEARCH_MESSAGES as M,
  errorResponseSchema,
  filterOptionsResponseSchema,
  productListResponseSchema,
  productSearchResponseSchema,
  relatedProductsResponseSchema,
  type CatalogueSort,
  type FilterOptions,
  type Product,
  type ProductSearchResponse,
} from '@pehnava/shared';
import { createTestApp, type TestApp } from '../../test/app.js';

const PARTNER = 'https://partner-store.example';

let t: TestApp;
let catalogue: Product[];
let options: FilterOptions;
/** A product's place in the catalogue's order (/product/list). */
const place = new Map<string, number>();

type Params = Record<string, string | string[] | number | boolean>;

function url(params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const query = search.toString();
  return query ? `/api/products?${query}` : '/api/products';
}

async function search(params: Params = {}): Promise<ProductSearchResponse> {
  const res = await t.app.inject({ method: 'GET', url: url(params) });
  expect(res.statusCode, `${url(params)}: ${res.body.slice(0, 200)}`).toBe(200);
  return productSearchResponseSchema.parse(res.json());
}

/** Every product the query matches, in its order, read page by page (60 a page). */
async function searchAll(params: Params = {}): Promise<Product[]> {
  const all: Product[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await search({ ...params, page, pageSize: LIMITS.pageSizeMax });
    all.push(...answer.products);
    if (answer.products.length < LIMITS.pageSizeMax) {
      expect(all).toHaveLength(answer.total);
      return all;
    }
  }
}

async function refused(params: Params | string, status = 400): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: typeof params === 'string' ? params : url(params),
  });
  expect(res.statusCode, res.body).toBe(status);
  return errorResponseSchema.parse(res.json()).message;
}

const valuesOf = (p: Product, type: string) =>
  p.filters.filter((f) => f.type === type).map((f) => f.value);

/** The brute force: does `p` match these groups (AND across, OR within)? */
const matchesGroups = (p: Product, groups: Record<string, string[]>, except?: string) =>
  Object.entries(groups).every(
    ([type, values]) => type === except || valuesOf(p, type).some((v) => values.includes(v)),
  );

/** The disjunctive counts, counted one product at a time over `pool` (already narrowed by q and bestseller). */
function bruteFacets(pool: Product[], groups: Record<string, string[]>) {
  const facets: Record<string, { value: string; count: number }[]> = {};
  for (const [type, values] of Object.entries(options)) {
    facets[type] = values.map((value) => ({
      value,
      count: pool.filter((p) => valuesOf(p, type).includes(value) && matchesGroups(p, groups, type))
        .length,
    }));
  }
  return facets;
}

const ids = (products: Product[]) => products.map((p) => p._id);
const text = (p: Product) => `${p.name} ${p.description}`.toLowerCase();

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { CORS_ORIGINS: PARTNER } });
  const list = await t.app.inject({ method: 'GET', url: '/api/product/list' });
  catalogue = productListResponseSchema.parse(list.json()).products;
  catalogue.forEach((p, i) => place.set(p._id, i));
  const filterOptions = await t.app.inject({ method: 'GET', url: '/api/product/filter-options' });
  options = filterOptionsResponseSchema.parse(filterOptions.json()).filterOptions;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/products without a search', () => {
  it('gives the first 24 products in the catalogue order, exactly as /product/list has them', async () => {
    const answer = await search();
    expect(answer.page).toBe(1);
    expect(answer.pageSize).toBe(LIMITS.pageSizeDefault);
    expect(answer.total).toBe(catalogue.length);
    // Every field, image addresses absolute for this origin included.
    expect(answer.products).toEqual(catalogue.slice(0, 24));
    expect(answer.products[0]!.images[0]).toMatch(/^http:\/\/localhost(:\d+)?\/images\//);
  });

  it('counts every filter value of the catalogue, in the order /product/filter-options gives', async () => {
    const { facets } = await search();
    expect(Object.keys(facets)).toEqual(Object.keys(options));
    for (const [type, values] of Object.entries(options)) {
      expect(
        facets[type]!.map((f) => f.value),
        type,
      ).toEqual(values);
    }
    expect(facets).toEqual(bruteFacets(catalogue, {}));
  });

  it("serves Home's two shelves: the first 10 products, and the first 5 bestsellers", async () => {
    expect(ids((await search({ pageSize: 10 })).products)).toEqual(ids(catalogue.slice(0, 10)));
    const best = await search({ bestseller: true, pageSize: 5 });
    expect(ids(best.products)).toEqual(ids(catalogue.filter((p) => p.bestseller).slice(0, 5)));
  });

  it('includes products that are not available, as /product/list does', async () => {
    const unavailable = catalogue.filter((p) => !p.isAvailable);
    expect(unavailable.length).toBeGreaterThan(0);
    const all = await searchAll();
    expect(ids(all)).toEqual(ids(catalogue));
  });
});

describe('filters', () => {
  const cases: Record<string, string[]>[] = [
    { category: ['Women'] },
    { occasion: ['Wedding', 'Mehendi'] },
    { category: ['Women'], occasion: ['Wedding', 'Mehendi'] },
    {
      category: ['Men', 'Accessories'],
      occasion: ['Festive'],
      colour: ['Gold', 'Maroon', 'Ivory'],
    },
    { subCategory: ['Lehenga', 'Saree'], colour: ['Red'] },
  ];

  it('combine groups with AND and the values of a group with OR', async () => {
    for (const groups of cases) {
      const expected = catalogue.filter((p) => matchesGroups(p, groups));
      expect(expected.length, JSON.stringify(groups)).toBeGreaterThan(0);
      const got = await searchAll(groups);
      expect(ids(got), JSON.stringify(groups)).toEqual(ids(expected));
    }
  });

  it('count each value over the products matching every other group (disjunctive facets)', async () => {
    for (const groups of cases) {
      const answer = await search(groups);
      expect(answer.facets, JSON.stringify(groups)).toEqual(bruteFacets(catalogue, groups));
    }
    for (const groups of [{}, ...cases]) {
      for (const bestseller of [true, false]) {
        const pool = catalogue.filter((p) => p.bestseller === bestseller);
        const answer = await search({ ...groups, bestseller });
        expect(answer.total).toBe(pool.filter((p) => matchesGroups(p, groups)).length);
        expect(answer.facets, JSON.stringify({ ...groups, bestseller })).toEqual(
          bruteFacets(pool, groups),
        );
      }
    }
  });

  it('count values with a text search too, over what the text matches', async () => {
    const pool = await searchAll({ q: 'silk' });
    expect(pool.length).toBeGreaterThan(5);
    for (const groups of [{}, ...cases.slice(0, 3)]) {
      const answer = await search({ q: 'silk', ...groups });
      expect(answer.total).toBe(pool.filter((p) => matchesGroups(p, groups)).length);
      expect(answer.facets, JSON.stringify(groups)).toEqual(bruteFacets(pool, groups));
    }
  });

  it('match nothing for a value no product has, and ignore blank values', async () => {
    const none = await search({ colour: 'Ultraviolet' });
    expect(none.total).toBe(0);
    expect(none.products).toEqual([]);
    expect(Object.keys(none.facets)).toEqual(Object.keys(options));
    const blank = await search({ colour: '', category: ['Women', ' '] });
    expect(blank.total).toBe(
      catalogue.filter((p) => valuesOf(p, 'category').includes('Women')).length,
    );
  });

  it('filter on bestseller=false to the other products', async () => {
    const others = await searchAll({ bestseller: false });
    expect(ids(others)).toEqual(ids(catalogue.filter((p) => !p.bestseller)));
  });
});

describe('sorts', () => {
  const keys: Record<Exclude<CatalogueSort, 'relevant'>, (p: Product) => number> = {
    newest: (p) => -Date.parse(p.date),
    'price-low-high': (p) => p.twoDayRentalPrice,
    'price-high-low': (p) => -p.twoDayRentalPrice,
    'low-high': (p) => p.mrp,
    'high-low': (p) => -p.mrp,
  };

  it('order by the product data, ties in the catalogue order, for each of the six sorts', async () => {
    for (const sort of CATALOGUE_SORTS) {
      const groupings: Record<string, string[]>[] = [
        {},
        { category: ['Women'], occasion: ['Wedding', 'Sangeet'] },
      ];
      for (const groups of groupings) {
        const got = await searchAll({ sort, ...groups });
        const key = sort === 'relevant' ? () => 0 : keys[sort];
        const expected = catalogue
          .filter((p) => matchesGroups(p, groups))
          .sort((a, b) => key(a) - key(b) || place.get(a._id)! - place.get(b._id)!);
        expect(ids(got), `${sort} ${JSON.stringify(groups)}`).toEqual(ids(expected));
      }
    }
  });

  it('are told apart by the data: each sort gives a different order', async () => {
    const orders = await Promise.all(
      CATALOGUE_SORTS.map(async (sort) =>
        ids((await search({ sort, pageSize: 60 })).products).join(),
      ),
    );
    expect(new Set(orders).size).toBe(CATALOGUE_SORTS.length);
  });
});

describe('pages', () => {
  it('follow on without gaps or repeats, and a page past the end is empty with the true total', async () => {
    const groups = { category: ['Women'] };
    const expected = catalogue.filter((p) => matchesGroups(p, groups));
    for (const sort of ['price-high-low', 'newest'] as const) {
      const seen: Product[] = [];
      const pageSize = 7;
      const pages = Math.ceil(expected.length / pageSize);
      for (let page = 1; page <= pages + 1; page += 1) {
        const answer = await search({ ...groups, sort, page, pageSize });
        expect(answer.total).toBe(expected.length);
        expect(answer.page).toBe(page);
        expect(answer.pageSize).toBe(pageSize);
        if (page <= pages)
          expect(answer.products.length).toBe(
            page < pages ? pageSize : expected.length - (pages - 1) * pageSize,
          );
        else expect(answer.products).toEqual([]);
        seen.push(...answer.products);
      }
      expect(new Set(ids(seen)).size).toBe(expected.length);
      expect(ids(seen)).toEqual(ids(await searchAll({ ...groups, sort })));
    }
    const far = await search({ page: LIMITS.pageMax, pageSize: LIMITS.pageSizeMax });
    expect(far.products).toEqual([]);
    expect(far.total).toBe(catalogue.length);
  });
});

describe('text search', () => {
  const kind = (subCategory: string) =>
    catalogue.filter((p) => valuesOf(p, 'subCategory').includes(subCategory));

  it('finds whole words in names and descriptions, names first', async () => {
    const found = await searchAll({ q: 'lehenga' });
    // Every lehenga, and nothing that does not say lehenga.
    expect(ids(found)).toEqual(expect.arrayContaining(ids(kind('Lehenga'))));
    for (const p of found) expect(text(p), p.name).toMatch(/lehenga/);
    // Products named lehenga come before those that only mention one.
    const named = found.map((p) => /lehenga/i.test(p.name));
    expect(named.indexOf(false)).toBe(named.filter(Boolean).length);
    expect(found.length).toBeLessThan(catalogue.length / 2);
  });

  it('reads plurals, case and extra spaces as the word', async () => {
    const lehenga = ids(await searchAll({ q: 'lehenga' }));
    expect(ids(await searchAll({ q: 'lehengas' }))).toEqual(lehenga);
    expect(ids(await searchAll({ q: '  LeHeNgA   ' }))).toEqual(lehenga);
    const sarees = await searchAll({ q: 'sarees' });
    expect(ids(sarees)).toEqual(expect.arrayContaining(ids(kind('Saree'))));
    expect(ids(sarees)).toEqual(ids(await searchAll({ q: 'saree' })));
  });

  it('completes the start of a word', async () => {
    const found = await searchAll({ q: 'sherw' });
    expect(ids(found)).toEqual(expect.arrayContaining(ids(kind('Sherwani'))));
    for (const p of found) expect(text(p), p.name).toMatch(/sherw/);
    expect(found[0]!.name).toMatch(/Sherwani/);
  });

  it('reads small misspellings of a word no product has as the word, without flooding', async () => {
    for (const [typo, word] of [
      ['lehnga', 'lehenga'],
      ['sherwni', 'sherwani'],
      ['anarkli', 'anarkali'],
    ] as const) {
      const found = await searchAll({ q: typo });
      const right = await searchAll({ q: word });
      expect(ids(found).sort(), typo).toEqual(ids(right).sort());
      expect(found.length, typo).toBeLessThan(catalogue.length / 3);
      expect(found[0]!.name.toLowerCase(), typo).toContain(word);
    }
    // A word that is nothing like a catalogue word finds nothing.
    expect((await search({ q: 'xylophone' })).total).toBe(0);
  });

  it('narrows with every word: red lehenga', async () => {
    const found = await searchAll({ q: 'red lehenga' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan((await search({ q: 'lehenga' })).total);
    for (const p of found) {
      expect(text(p), p.name).toMatch(/\bred/);
      expect(text(p), p.name).toMatch(/lehenga/);
    }
    expect(found[0]!.name).toMatch(/Red .*Lehenga/);
  });

  it('finds words that only descriptions have', async () => {
    const inNames = new Set(catalogue.flatMap((p) => p.name.toLowerCase().split(/[^a-z]+/)));
    const word = ['drawstring', 'latkans', 'dupatta', 'lining', 'margin']
      .filter((w) => !inNames.has(w))
      .find((w) => catalogue.some((p) => p.description.toLowerCase().includes(w)));
    expect(word).toBeDefined();
    const found = await searchAll({ q: word! });
    const expected = catalogue.filter((p) => new RegExp(`\\b${word}`, 'i').test(p.description));
    expect(ids(found).sort()).toEqual(ids(expected).sort());
  });

  it('answers any text cleanly: Hindi, emoji, SQL- and tsquery-looking input', async () => {
    for (const q of [
      'लहंगा',
      '👗',
      "' or 1=1 --",
      'a & b | !c',
      "'",
      '\\',
      ':*',
      '(((',
      '%_%',
      'lehenga:* & !saree',
      '"; drop table products; --',
    ]) {
      const answer = await search({ q });
      expect(answer.total, q).toBeGreaterThanOrEqual(0);
    }
    // The kinds, occasions and colours in Hindi read as the catalogue's words.
    expect(ids(await searchAll({ q: 'लाल लहंगा' }))).toEqual(
      ids(await searchAll({ q: 'red lehenga' })),
    );
    expect((await search({ q: 'साड़ी' })).total).toBe((await search({ q: 'saree' })).total);
    // Emoji are not words: 'lehenga 💃' is 'lehenga'; text without any word searches nothing.
    expect(ids(await searchAll({ q: 'lehenga 💃' }))).toEqual(
      ids(await searchAll({ q: 'lehenga' })),
    );
    expect((await search({ q: '👗' })).total).toBe(catalogue.length);
    expect((await search({ q: '   ' })).total).toBe(catalogue.length);
  });

  it(`refuses a text longer than ${LIMITS.queryMax} characters, or with control characters`, async () => {
    expect(await refused({ q: 'a'.repeat(LIMITS.queryMax + 1) })).toBe(
      `Search must be at most ${LIMITS.queryMax} characters long`,
    );
    await search({ q: 'a'.repeat(LIMITS.queryMax) });
    expect(await refused({ q: 'red\u0000lehenga' })).toBe(
      'Search contains characters that are not allowed',
    );
    expect(await refused({ q: 'red\u001blehenga' })).toBe(
      'Search contains characters that are not allowed',
    );
    expect(await refused({ q: ['red', 'lehenga'] })).toBe('Search must be text');
  });
});

describe('refusals', () => {
  it('name what to fix', async () => {
    expect(await refused({ sort: 'cheapest' })).toBe(M.sortInvalid);
    expect(M.sortInvalid).toContain(CATALOGUE_SORTS.join(', '));
    for (const page of ['0', '-1', '1.5', 'abc', '1e3', String(LIMITS.pageMax + 1), '']) {
      expect(await refused({ page }), page).toBe(M.pageInvalid);
    }
    expect(await refused({ page: ['1', '2'] })).toBe(M.pageInvalid);
    for (const pageSize of ['0', String(LIMITS.pageSizeMax + 1), 'ten']) {
      expect(await refused({ pageSize }), pageSize).toBe(M.pageSizeInvalid);
    }
    for (const bestseller of ['yes', '1', 'TRUE', '']) {
      expect(await refused({ bestseller }), bestseller).toBe(M.bestsellerInvalid);
    }
    expect(await refused({ colours: 'Red' })).toBe(
      `Unknown filter: colours. The filters are: ${Object.keys(options).join(', ')}`,
    );
    expect(
      await refused({
        colour: Array.from({ length: LIMITS.valuesPerGroup + 1 }, (_, i) => `C${i}`),
      }),
    ).toBe(M.tooManyValues);
    await search({ colour: Array.from({ length: LIMITS.valuesPerGroup }, (_, i) => `C${i}`) });
    const groups = Object.fromEntries(
      Array.from({ length: LIMITS.groups + 1 }, (_, i) => [`type${i}`, 'x']),
    );
    expect(await refused(groups)).toBe(M.tooManyGroups);
    expect(await refused({ colour: 'x'.repeat(LIMITS.filterValueMax + 1) })).toBe(
      `Filter value must be at most ${LIMITS.filterValueMax} characters long`,
    );
    expect(await refused({ colour: 'Red\u0007' })).toBe(
      'Filter value contains characters that are not allowed',
    );
    // The query string parser drops __proto__ itself; other names of Object's are just unknown.
    const proto = await t.app.inject({ method: 'GET', url: '/api/products?__proto__=x' });
    expect(productSearchResponseSchema.parse(proto.json()).total).toBe(catalogue.length);
    expect(await refused('/api/products?constructor=x')).toMatch(/^Unknown filter: constructor\./);
  });
});

describe('GET /api/product/list/{id}/related', () => {
  async function related(id: string): Promise<Product[]> {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/list/${id}/related` });
    expect(res.statusCode, res.body).toBe(200);
    return relatedProductsResponseSchema.parse(res.json()).products;
  }
  const same = (a: Product, b: Product) =>
    ['category', 'subCategory'].every(
      (type) => valuesOf(a, type).sort().join() === valuesOf(b, type).sort().join(),
    );

  it('gives up to 5 others of the same category and subCategory, by id or code', async () => {
    for (const product of [catalogue[0]!, catalogue[17]!, catalogue[catalogue.length - 1]!]) {
      const peers = catalogue.filter((p) => p._id !== product._id && same(p, product));
      for (const id of [product._id, product._id.toUpperCase(), product.productId.toLowerCase()]) {
        const got = await related(id);
        expect(got.length).toBe(Math.min(LIMITS.related, peers.length));
        expect(new Set(ids(got)).size).toBe(got.length);
        for (const p of got) {
          expect(p._id).not.toBe(product._id);
          expect(same(p, product), p.name).toBe(true);
          expect(p).toEqual(catalogue[place.get(p._id)!]);
        }
      }
    }
  });

  it('chooses at random', async () => {
    const product = catalogue.find(
      (p) => catalogue.filter((q) => q._id !== p._id && same(q, p)).length >= 8,
    )!;
    const picks = new Set<string>();
    for (let i = 0; i < 8; i += 1)
      picks.add(
        ids(await related(product._id))
          .sort()
          .join(),
      );
    expect(picks.size).toBeGreaterThan(1);
  });

  it('is a 404 for a product that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'PHN-XXX-9999', 'nothing']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/product/list/${id}/related` });
      expect(res.statusCode).toBe(404);
      expect(errorResponseSchema.parse(res.json()).message).toBe(MESSAGES.productNotFound);
    }
  });
});

describe('a catalogue that changes', () => {
  it('is searched as it is now: availability, new products and new filter types', async () => {
    const target = catalogue.find((p) => p.isAvailable)!;
    const before = await search({ pageSize: 60 });
    expect(before.products.find((p) => p._id === target._id)?.isAvailable).toBe(true);
    await t.services.catalogue.setAvailability(target._id, false);
    try {
      const after = await search({ pageSize: 60 });
      expect(after.products.find((p) => p._id === target._id)?.isAvailable).toBe(false);
    } finally {
      await t.services.catalogue.setAvailability(target._id, true);
    }

    expect(await refused({ fabric: 'Velvet' })).toMatch(/^Unknown filter: fabric\./);
    await t.services.catalogue.insertProductIfAbsent({
      productId: 'PHN-TST-0001',
      name: 'Midnight Velvet Nehru Jacket',
      description: 'A test piece in midnight velvet with a mandarin collar and covered buttons.',
      images: [],
      mrpPaise: 900_000,
      twoDayPricePaise: 90_000,
      fourDayPricePaise: 117_000,
      sevenDayPricePaise: 153_000,
      fourteenDayPricePaise: 225_000,
      condition: 'New',
      bestseller: false,
      isAvailable: true,
      position: 10_000,
      listedAt: new Date('2026-10-30T00:00:00Z'),
      sizes: [{ size: 'M', available: true, units: 1 }],
      filters: [
        { type: 'category', value: 'Men' },
        { type: 'fabric', value: 'Velvet' },
      ],
    });
    const found = await search({ fabric: 'Velvet', q: 'nehru' });
    expect(found.products.map((p) => p.productId)).toEqual(['PHN-TST-0001']);
    expect(found.facets.fabric).toEqual([{ value: 'Velvet', count: 1 }]);
    // Its words are in the vocabulary at once: the start of one completes to it.
    expect((await search({ q: 'mandar' })).products.map((p) => p.productId)).toContain(
      'PHN-TST-0001',
    );
  });
});

describe('answers', () => {
  it('are compressed for clients that accept it, and a repeat with the ETag costs a 304', async () => {
    const path = url({ category: 'Women', sort: 'newest', pageSize: 30 });
    const plain = await t.app.inject({ method: 'GET', url: path });
    productSearchResponseSchema.parse(plain.json());
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const br = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const again = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('other front ends', () => {
  it('may call it from an origin in CORS_ORIGINS, and get absolute image addresses', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products?pageSize=1',
      headers: { origin: PARTNER, host: 'api.pehnava.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    const { products } = productSearchResponseSchema.parse(res.json());
    expect(products[0]!.images[0]).toMatch(/^http:\/\/api\.pehnava\.example\/images\//);
    const stranger = await t.app.inject({
      method: 'GET',
      url: '/api/products?pageSize=1',
      headers: { origin: 'https://not-allowed.example' },
    });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});
