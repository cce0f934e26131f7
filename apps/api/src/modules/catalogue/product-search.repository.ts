import { sql, type SQL } from 'drizzle-orm';
import {
  REVIEWS_FOR_CARD_RATING,
  cardRating,
  paiseToRupees,
  type CatalogueSort,
  type Product,
  type ProductCategory,
} from '@pehnava/shared';
import type { Database } from '../../db/client.js';

/*
 * The SQL of GET /api/products and of a product's related products (decision 056). The search
 * document (`products.search_doc`), the `pehnava` and `pehnava_words` text search configurations,
 * the `search_terms` vocabulary and the `tsquery_any`/`tsquery_all` aggregates are migration 0013's.
 */

/** Both drivers answer `rows` (the Database type leaves the result's shape open). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A search's words as tsqueries (their text form, read back with `::tsquery`). */
export interface TextQuery {
  /** Every word as written (stemmed): a product with all of them is a full match. */
  exact: string;
  /** Every word, each OR its completions and, for a word no product has, its near spellings. */
  loose: string;
}

/** What narrows a search: its text, bestseller and filter groups. */
export interface SearchFilter {
  text?: TextQuery;
  bestseller?: boolean;
  /** Filter groups with at least one value: AND across groups, OR within one. */
  groups: { type: string; values: string[] }[];
}

export interface CountRequest extends SearchFilter {
  /**
   * With one group, and neither text nor bestseller, that group's own values count as over the
   * whole catalogue: false when the caller knows those counts already (nothing is counted then).
   */
  countLoneGroup?: boolean;
}

export interface PageRequest extends SearchFilter {
  sort: CatalogueSort;
  limit: number;
  offset: number;
}

export interface FilterCount {
  type: string;
  value: string;
  count: number;
}

export interface FilterCounts {
  /** How many products match. */
  total: number;
  /** The disjunctive count of every value that counts 1 or more (see productFacetsSchema). */
  counts: FilterCount[];
}

/** Every filter value in use with its count, and where it first appears in catalogue order. */
export interface FilterValueInUse extends FilterCount {
  /** Catalogue order (position, then code) of the first product with it, then its place there. */
  firstSeen: number;
}

/** A product's fields as the page's SQL hands them over (money in paise). */
interface ProductRecord {
  id: string;
  code: string;
  name: string;
  description: string;
  images: string[];
  mrp: number;
  d2: number;
  d4: number;
  d7: number;
  d14: number;
  tier: ProductCategory;
  condition: string;
  bestseller: boolean;
  available: boolean;
  listedAtMs: number;
  sizes: { size: string; available: boolean }[];
  filters: { type: string; value: string }[];
  /** Visible reviews and their ratings added up (product_ratings), once there are enough. */
  rated: [count: number, sum: number] | null;
}

/** The same shape as the list and detail answers (catalogue.repository.ts). */
function toProduct(r: ProductRecord): Product {
  const rating = r.rated && cardRating(r.rated[0], r.rated[1]);
  return {
    _id: r.id,
    productId: r.code,
    name: r.name,
    description: r.description,
    images: r.images,
    mrp: paiseToRupees(r.mrp),
    twoDayRentalPrice: paiseToRupees(r.d2),
    fourDayRentalPrice: paiseToRupees(r.d4),
    sevenDayRentalPrice: paiseToRupees(r.d7),
    fourteenDayRentalPrice: paiseToRupees(r.d14),
    category: r.tier,
    condition: r.condition,
    bestseller: r.bestseller,
    isAvailable: r.available,
    date: new Date(r.listedAtMs).toISOString(),
    sizes: r.sizes,
    filters: r.filters,
    ...(rating ? { rating } : {}),
  };
}

/**
 * Product `p` as one JSON object, with its sizes and filters in their order and its reviews'
 * count and sum once a card shows them.
 */
const productJson = sql`json_build_object(
  'id', p.id, 'code', p.product_id, 'name', p.name, 'description', p.description,
  'images', p.images, 'mrp', p.mrp_paise, 'd2', p.two_day_price_paise,
  'd4', p.four_day_price_paise, 'd7', p.seven_day_price_paise, 'd14', p.fourteen_day_price_paise,
  'tier', p.category, 'condition', p.condition, 'bestseller', p.bestseller,
  'available', p.is_available, 'listedAtMs', floor(extract(epoch from p.listed_at) * 1000)::bigint,
  'sizes', coalesce((select json_agg(json_build_object('size', s.size, 'available', s.available)
      order by s.position) from product_sizes s where s.product_id = p.id), '[]'::json),
  'filters', coalesce((select json_agg(json_build_object('type', f.type, 'value', f.value)
      order by f.position) from product_filters f where f.product_id = p.id), '[]'::json),
  'rated', (select json_build_array(r.review_count, r.rating_sum) from product_ratings r
      where r.product_id = p.id and r.review_count >= ${REVIEWS_FOR_CARD_RATING}))`;

/** Ties in every sort keep the catalogue's order (/product/list's): position, then code. */
const CATALOGUE_ORDER = sql`p.position, p.product_id`;

function orderBy(sort: CatalogueSort, text: TextQuery | undefined): SQL {
  switch (sort) {
    case 'relevant':
      // With words: every word as written in the name first, then every word as written
      // anywhere, then the name matching (with completions and corrections), then by rank (a word
      // in the name outweighs one in the description); ties keep the catalogue's order.
      return text
        ? sql`(ts_filter(p.search_doc, '{a}') @@ ${text.exact}::tsquery) desc,
            (p.search_doc @@ ${text.exact}::tsquery) desc,
            (ts_filter(p.search_doc, '{a}') @@ ${text.loose}::tsquery) desc,
            ts_rank(p.search_doc, ${text.loose}::tsquery) desc, ${CATALOGUE_ORDER}`
        : CATALOGUE_ORDER;
    case 'newest':
      return sql`p.listed_at desc, ${CATALOGUE_ORDER}`;
    case 'price-low-high':
      return sql`p.two_day_price_paise, ${CATALOGUE_ORDER}`;
    case 'price-high-low':
      return sql`p.two_day_price_paise desc, ${CATALOGUE_ORDER}`;
    case 'low-high':
      return sql`p.mrp_paise, ${CATALOGUE_ORDER}`;
    case 'high-low':
      return sql`p.mrp_paise desc, ${CATALOGUE_ORDER}`;
  }
}

/**
 * One lexeme as a tsquery, read as it is: quoted, with its quotes and backslashes doubled, so no
 * character in it is tsquery syntax, and never empty (an empty tsquery makes PostgreSQL log a
 * notice).
 */
const lexemeQuery = (lexeme: SQL) =>
  sql`('''' || replace(replace(${lexeme}, '\\', '\\\\'), '''', '''''') || '''')::tsquery`;

/**
 * How near a misspelt word must be to a catalogue word (pg_trgm similarity, 0 to 1) to be read as
 * it: 'lehnga' → lehenga 0.55, 'sherwni' → sherwani 0.55, 'anarkli' → anarkali 0.55, while
 * unrelated words of a similar shape stay below ('lehnga' → length 0.17).
 */
export const NEAR_SPELLING = 0.45;
/** Words searched at most; the rest of a long query is ignored. */
export const MAX_WORDS = 8;

export function createProductSearchRepository(db: Database) {
  return {
    /**
     * A search text as tsqueries, or undefined when it has no word to search for (blank, only
     * punctuation or emoji, only stop words such as 'the'). Each word (lower case, accents off):
     * - as written, stemmed ('lehengas' → lehenga);
     * - OR the catalogue words it starts (3 letters or more: 'sherw' → sherwani, sherwanis);
     * - OR, only when no product has the word itself (4 letters or more), the 3 catalogue words
     *   nearest in spelling above NEAR_SPELLING ('lehnga' → lehenga), so a correct word is never
     *   widened to its look-alikes.
     * The words are AND-ed. The text reaches SQL only as a parameter and is parsed by the text
     * search parser, so no character in it can act as tsquery or LIKE syntax.
     */
    async textQuery(text: string): Promise<TextQuery | undefined> {
      const [row] = rowsOf<{ exact: string | null; loose: string | null }>(
        await db.execute(sql`
          with words as (
            select w.lexeme as word,
              replace(replace(replace(w.lexeme, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
                as prefix
            from unnest(to_tsvector('pehnava_words', ${text})) w
            -- 'indo-western' is also read as 'indo' and 'western', which are enough
            where strpos(w.lexeme, '-') = 0
            order by w.positions[1]
            limit ${MAX_WORDS}
          ),
          own as (
            select w.word, w.prefix, v.lexeme
            from words w cross join lateral unnest(to_tsvector('pehnava', w.word)) v
          ),
          exact as (
            select word, prefix, tsquery_all(${lexemeQuery(sql`lexeme`)}) as q
            from own group by word, prefix
          ),
          others as (
            select distinct e.word, v.lexeme
            from exact e
            cross join lateral (
              (select term from search_terms
                where length(e.word) >= 3 and term like e.prefix and term <> e.word
                order by length(term), term limit 20)
              union
              (select term from search_terms
                where length(e.word) >= 4 and term % e.word
                  and similarity(term, e.word) >= ${NEAR_SPELLING}
                  and not exists (select 1 from products where search_doc @@ e.q)
                order by similarity(term, e.word) desc, term limit 3)
            ) t
            cross join lateral unnest(to_tsvector('pehnava', t.term)) v
            where not exists (select 1 from own o where o.word = e.word and o.lexeme = v.lexeme)
          ),
          loose as (
            select e.q, e.q || (
              select tsquery_any(${lexemeQuery(sql`o.lexeme`)}) from others o where o.word = e.word
            ) as widened
            from exact e
          )
          select tsquery_all(q)::text as exact, tsquery_all(coalesce(widened, q))::text as loose
          from loose
        `),
      );
      if (!row?.exact || !row.loose) return undefined;
      return { exact: row.exact, loose: row.loose };
    },

    /** Every filter value in use, counted over the whole catalogue, and how many products there are. */
    async filterValuesInUse(): Promise<{ values: FilterValueInUse[]; products: number }> {
      const [row] = rowsOf<{ products: number; values: string | null }>(
        await db.execute(sql`
          with ordered as (
            select id, row_number() over (order by position, product_id) as rn from products
          )
          select (select count(*)::int from products) as products,
            (select json_agg(json_build_object('type', v.type, 'value', v.value,
                'count', v.count, 'firstSeen', v.first_seen))::text
              from (
                select f.type, f.value, count(*)::int as count,
                  min(o.rn * 1000 + least(f.position, 999)) as first_seen
                from product_filters f
                join ordered o on o.id = f.product_id
                group by f.type, f.value
              ) v) as values
        `),
      );
      return {
        products: row?.products ?? 0,
        values: row?.values ? (JSON.parse(row.values) as FilterValueInUse[]) : [],
      };
    },

    /** One page of the products the filter matches, in the sort asked for. */
    async page(c: PageRequest): Promise<Product[]> {
      const base = narrowing(c);
      const order = orderBy(c.sort, c.text);
      // One EXISTS per group: PostgreSQL may walk the sort's index and stop at the page's end
      // when the filters are broad, or join the ticked values' index rows when they are narrow.
      const conditions = [
        ...(base ? [base] : []),
        ...c.groups.map(
          (g) => sql`exists (select 1 from product_filters f
            where f.product_id = p.id and f.type = ${g.type} and f.value = any(${textArray(g.values)}::text[]))`,
        ),
      ];
      const from =
        conditions.length > 0
          ? sql`products p where ${sql.join(conditions, sql` and `)}`
          : sql`products p`;
      // The page's ids first (a top-N sort, or an index in the sort's order), then their products
      // as JSON, ordered again by the same keys (a page of rows, so ts_rank again is cheap).
      const [row] = rowsOf<{ products: string | null }>(
        await db.execute(sql`
          select json_agg(${productJson} order by ${order})::text as products
          from (select p.id from ${from} order by ${order} limit ${c.limit} offset ${c.offset}) pg
          join products p on p.id = pg.id
        `),
      );
      return parseProducts(row?.products);
    },

    /**
     * How many products the filter matches, and the disjunctive count of every filter value
     * (productFacetsSchema): a product counts for a value of type T when it has the value and
     * matches the text, bestseller and every group but T's. Each product with a ticked value gets
     * a bit mask of the groups it matches (read through the (type, value, product_id) index); it
     * matches when every bit is set, and counts for type T when it lacks at most T's bit. With one
     * group, a product without any ticked value still counts for that group's own values.
     */
    async counts(c: CountRequest): Promise<FilterCounts> {
      const base = narrowing(c);
      if (c.groups.length === 0) {
        const [row] = rowsOf<{ total: number; counts: string | null }>(
          await db.execute(sql`
            with matched as (select p.id from products p ${base ? sql`where ${base}` : sql``})
            select (select count(*)::int from matched) as total,
              (select json_agg(json_build_array(x.type, x.value, x.n))::text from (
                select f.type, f.value, count(*)::int as n
                from matched m join product_filters f on f.product_id = m.id
                group by f.type, f.value) x) as counts
          `),
        );
        return { total: row?.total ?? 0, counts: parseCounts(row?.counts) };
      }
      const { types, values, bits, full } = selection(c.groups);
      const single = c.groups.length === 1 ? c.groups[0]!.type : undefined;
      const countSingle = base !== undefined || c.countLoneGroup !== false;
      const [row] = rowsOf<{ total: number; counts: string | null }>(
        await db.execute(sql`
          with sel as (
            select * from unnest(${types}::text[], ${values}::text[], ${bits}::int[])
              as s(type, value, bit)
          ),
          grp as (select distinct type, bit from sel),
          masks as (
            select f.product_id, bit_or(s.bit) as mask
            from sel s
            join product_filters f on f.type = s.type and f.value = s.value
            ${base ? sql`join products p on p.id = f.product_id where ${base}` : sql``}
            group by f.product_id
          ),
          counts as (
            select f.type, f.value, count(*)::int as n
            from masks m
            join product_filters f on f.product_id = m.product_id
            left join grp g on g.type = f.type
            where (m.mask | coalesce(g.bit, 0)) = ${full}
              ${single === undefined ? sql`` : sql`and g.bit is null`}
            group by f.type, f.value
            ${
              single === undefined || !countSingle
                ? sql``
                : sql`union all
                  select f.type, f.value, count(*)::int from product_filters f
                  ${base ? sql`join products p on p.id = f.product_id` : sql``}
                  where f.type = ${single} ${base ? sql`and ${base}` : sql``}
                  group by f.type, f.value`
            }
          )
          select (select count(*)::int from masks where mask = ${full}) as total,
            (select json_agg(json_build_array(type, value, n))::text from counts) as counts
        `),
      );
      return { total: row?.total ?? 0, counts: parseCounts(row?.counts) };
    },

    /**
     * Up to `count` other products whose category and subCategory values are exactly this one's,
     * in random order; undefined when there is no such product.
     */
    async related(by: { id: string } | { code: string }, count: number) {
      const target =
        'id' in by
          ? sql`select id from products where id = ${by.id}::uuid`
          : sql`select id from products where product_id = ${by.code}`;
      const [row] = rowsOf<{ found: boolean; products: string | null }>(
        await db.execute(sql`
          with target as (${target}),
          kinds as (
            select f.type, f.value from product_filters f
            where f.product_id = (select id from target) and f.type in ('category', 'subCategory')
          ),
          candidates as (
            select f.product_id as id from product_filters f
            join kinds k on k.type = f.type and k.value = f.value
            group by f.product_id
            having count(*) = (select count(*) from kinds)
            union all
            select p.id from products p where not exists (select 1 from kinds)
          ),
          picked as (
            select c.id from candidates c
            where c.id <> (select id from target)
              and not exists (
                select 1 from product_filters g
                where g.product_id = c.id and g.type in ('category', 'subCategory')
                  and not exists (select 1 from kinds k where k.type = g.type and k.value = g.value))
            order by random()
            limit ${count}
          )
          select exists (select 1 from target) as found,
            (select json_agg(${productJson})::text
              from picked pk join products p on p.id = pk.id) as products
        `),
      );
      return row?.found ? parseProducts(row.products) : undefined;
    },
  };
}

export type ProductSearchRepository = ReturnType<typeof createProductSearchRepository>;

/** The text and bestseller conditions on products `p`, if any. */
function narrowing(c: SearchFilter): SQL | undefined {
  const conditions = [
    ...(c.text ? [sql`p.search_doc @@ ${c.text.loose}::tsquery`] : []),
    ...(c.bestseller === undefined ? [] : [sql`p.bestseller = ${c.bestseller}`]),
  ];
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
}

/** A PostgreSQL array literal of these strings, every element quoted (read with `::text[]`). */
const textArray = (items: readonly string[]) =>
  `{${items.map((item) => `"${item.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/**
 * The ticked values as three parallel arrays (type, value, the group's bit) passed as parameters:
 * an array literal lets the planner see how many values there are, where a JSON document would
 * not, so it reads each one through the (type, value, product_id) index.
 */
function selection(groups: SearchFilter['groups']) {
  const rows = groups.flatMap((g, i) =>
    g.values.map((value) => ({ type: g.type, value, bit: 1 << i })),
  );
  return {
    types: textArray(rows.map((r) => r.type)),
    values: textArray(rows.map((r) => r.value)),
    bits: `{${rows.map((r) => r.bit).join(',')}}`,
    full: (1 << groups.length) - 1,
  };
}

function parseCounts(json: string | null | undefined): FilterCount[] {
  if (!json) return [];
  return (JSON.parse(json) as [string, string, number][]).map(([type, value, count]) => ({
    type,
    value,
    count,
  }));
}

function parseProducts(json: string | null | undefined): Product[] {
  if (!json) return [];
  return (JSON.parse(json) as ProductRecord[]).map(toProduct);
}
