import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  PRODUCT_SEARCH_LIMITS,
  productListResponseSchema,
  productSearchResponseSchema,
  type Product,
} from '@pehnava/shared';
import { seriousViolations } from '../axe';
import { expect, moveWithinTheApp, test } from '../fixtures';

/*
 * The collection on the server's search (GET /api/products), at a phone's width and a desktop's:
 * what the page shows is checked against the whole catalogue (GET /api/product/list, which the
 * page itself never asks for) and against the API's own answers.
 */

const SHOTS = '/tmp/shots-collection';
/** The collection's page: the API's default size. */
const PAGE = PRODUCT_SEARCH_LIMITS.pageSizeDefault;
let products: Product[] = [];

test.beforeAll(async ({ request }) => {
  const res = await request.get('/api/product/list');
  products = productListResponseSchema.parse(await res.json()).products;
  mkdirSync(SHOTS, { recursive: true });
});

const has = (p: Product, type: string, value: string) =>
  p.filters.some((f) => f.type === type && f.value === value);
const valuesOf = (type: string) => [
  ...new Set(products.flatMap((p) => p.filters.filter((f) => f.type === type).map((f) => f.value))),
];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const count = (page: Page) => page.getByTestId('result-count');
const grid = (page: Page) => page.getByRole('list', { name: 'Products' });
const cards = (page: Page) => grid(page).getByTestId('product-card');
/** A filter's checkbox: its name is the value and, quietly, how many pieces it would give. */
const checkbox = (page: Page, group: string, value: string, n?: number) =>
  page
    .getByRole('group', { name: group })
    .getByRole('checkbox', { name: new RegExp(`^${escape(value)} \\(${n ?? '\\d+'}\\)$`) });
/** The product ids of the cards shown, in order. */
const shownIds = async (page: Page) =>
  (await grid(page)
    .locator('a[href^="/product/"]')
    .evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')!.replace('/product/', '')),
    )) as string[];
const apiSearch = async (request: APIRequestContext, query: string) => {
  const res = await request.get(`/api/products${query}`);
  expect(res.status(), query).toBe(200);
  return productSearchResponseSchema.parse(await res.json());
};
/** Every /api/ call the page makes, as path and query. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  return calls;
}

for (const width of [390, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Axe scans and scrolling through pages are slow on a loaded machine.
    test.describe.configure({ timeout: 90_000 });
    /** On a phone the filters sit behind their button. */
    const openFilters = async (page: Page) => {
      if (width < 1024) await page.getByRole('button', { name: /^Filters/ }).click();
    };

    test('searches as the shopper types, once per pause, and shows what the API finds', async ({
      page,
      request,
    }) => {
      const calls = recordApiCalls(page);
      // The page's timers run on a clock the test holds while the shopper types: on a busy
      // machine a real pause between two keys can outlast the box's 300 ms wait, which a
      // shopper typing a word does not do.
      await page.clock.install();
      await page.goto('/');
      await page.getByRole('button', { name: 'Search the collection' }).click();
      await expect(page).toHaveURL(/\/collection$/);
      await expect(count(page)).toHaveText(`${products.length} items found`);
      const box = page.getByRole('searchbox', { name: 'Search the collection' });
      await page.clock.pauseAt(Date.now() + 1_000);
      // A key every 60 ms, as the page's clock counts them.
      for (const key of 'lehenga') {
        await box.press(key);
        await page.clock.runFor(60);
      }
      await expect(box).toHaveValue('lehenga');
      // No request while the shopper types…
      expect(calls.filter((c) => c.startsWith('/api/products?q='))).toEqual([]);
      // …and one once the typing has paused.
      await page.clock.resume();
      await expect(page).toHaveURL(/q=lehenga/);
      const answer = await apiSearch(request, '?q=lehenga');
      expect(answer.total).toBeGreaterThan(0);
      await expect(count(page)).toHaveText(`${answer.total} items found for “lehenga”`);
      await expect.poll(() => shownIds(page)).toEqual(answer.products.map((p) => p._id));
      // Seven keys, one request: typing does not ask the server for every letter.
      expect(calls.filter((c) => c.startsWith('/api/products?q='))).toEqual([
        '/api/products?q=lehenga',
      ]);
      expect(calls.filter((c) => c.startsWith('/api/product/list'))).toEqual([]);
    });

    test('filters in two groups, with facet counts that match what each choice would give, and sorts', async ({
      page,
    }) => {
      const calls = recordApiCalls(page);
      await page.goto('/collection');
      await expect(count(page)).toHaveText(`${products.length} items found`);
      await expect(cards(page)).toHaveCount(Math.min(PAGE, products.length));
      await openFilters(page);
      for (const group of ['Categories', 'Type', 'Occasion', 'Colour']) {
        await expect(page.getByRole('group', { name: group })).toBeVisible();
      }
      const women = products.filter((p) => has(p, 'category', 'Women'));
      await checkbox(page, 'Categories', 'Women', women.length).click();
      await expect(page).toHaveURL(/category=Women/);
      await expect(count(page)).toHaveText(`${women.length} items found`);
      await expect(checkbox(page, 'Categories', 'Women')).toBeChecked();

      const chosen = women.filter((p) => has(p, 'occasion', 'Wedding'));
      await checkbox(page, 'Occasion', 'Wedding').click();
      await expect(page).toHaveURL(/category=Women&occasion=Wedding/);
      await expect(count(page)).toHaveText(`${chosen.length} items found`);
      await expect(page.getByTestId('filters-applied')).toHaveText('2 filters applied');
      await expect(checkbox(page, 'Occasion', 'Wedding')).toBeChecked();

      // A value's count is what ticking it would give with every other group's choice kept:
      // occasions among women's pieces, categories among wedding pieces, types among both.
      const wedding = products.filter((p) => has(p, 'occasion', 'Wedding'));
      for (const value of valuesOf('occasion')) {
        const n = women.filter((p) => has(p, 'occasion', value)).length;
        await expect(checkbox(page, 'Occasion', value, n), value).toHaveCount(1);
      }
      for (const value of valuesOf('category')) {
        const n = wedding.filter((p) => has(p, 'category', value)).length;
        await expect(checkbox(page, 'Categories', value, n), value).toHaveCount(1);
      }
      for (const value of valuesOf('subCategory')) {
        const n = chosen.filter((p) => has(p, 'subCategory', value)).length;
        await expect(checkbox(page, 'Type', value, n), value).toHaveCount(1);
      }
      // The cards are those pieces, and only those.
      const allowed = new Set(chosen.map((p) => p._id));
      const ids = await shownIds(page);
      expect(ids).toHaveLength(Math.min(PAGE, chosen.length));
      for (const id of ids) expect(allowed.has(id), id).toBe(true);

      const sortBy = page.getByRole('combobox', { name: 'Sort by' });
      await sortBy.selectOption('price-low-high');
      await expect(page).toHaveURL(/sort=price-low-high/);
      const byRent = [...chosen].sort((a, b) => a.twoDayRentalPrice - b.twoDayRentalPrice);
      await expect(cards(page).first().getByRole('heading')).toHaveText(byRent[0]!.name);
      await expect(count(page)).toHaveText(`${chosen.length} items found`);

      // Only the search endpoint was asked, never the whole catalogue; the first answer came
      // drawn with the page.
      expect(calls.filter((c) => c.startsWith('/api/product/list'))).toEqual([]);
      expect(calls.filter((c) => c.startsWith('/api/products'))).toEqual([
        '/api/products?category=Women',
        '/api/products?category=Women&occasion=Wedding',
        '/api/products?sort=price-low-high&category=Women&occasion=Wedding',
      ]);
    });

    test('loads the next pages as the shopper scrolls, without repeats; Back from a product keeps them and the place', async ({
      page,
    }) => {
      const calls = recordApiCalls(page);
      const newest = [...products].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
      expect(newest.length).toBeGreaterThan(3 * PAGE);
      await page.goto('/collection?sort=newest');
      await expect(cards(page)).toHaveCount(PAGE);
      const shown = page.getByTestId('shown-count');
      await expect(shown).toHaveText(`Showing ${PAGE} of ${products.length}`);
      // Nothing more loads until the shopper goes down the page.
      await page.waitForTimeout(500);
      await expect(cards(page)).toHaveCount(PAGE);

      await shown.scrollIntoViewIfNeeded();
      await expect(cards(page)).toHaveCount(2 * PAGE);
      await shown.scrollIntoViewIfNeeded();
      await expect(cards(page)).toHaveCount(3 * PAGE);
      await expect(shown).toHaveText(`Showing ${3 * PAGE} of ${products.length}`);
      const ids = await shownIds(page);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(newest.slice(0, 3 * PAGE).map((p) => p._id));
      // The first page came drawn with the page; the next two as the shopper scrolled.
      expect(calls.filter((c) => c.startsWith('/api/products'))).toEqual([
        '/api/products?sort=newest&page=2',
        '/api/products?sort=newest&page=3',
      ]);

      // A card on the third page, then Back: the same view, its pages and its place.
      const target = cards(page).nth(2 * PAGE + 5);
      await target.scrollIntoViewIfNeeded();
      const name = (await target.getByRole('heading').textContent())!;
      await target.getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/collection\?sort=newest$/);
      await expect(cards(page)).toHaveCount(3 * PAGE);
      await expect(
        cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) }),
      ).toBeInViewport();
      // The whole catalogue is never asked for.
      expect(calls.filter((c) => /^\/api\/product\/list(\?|$)/.test(c))).toEqual([]);
    });

    test('Load more brings the next page where nothing loads by scrolling, and focus goes to its first card', async ({
      page,
    }) => {
      // A browser without IntersectionObserver: the button is the way on (as for a keyboard).
      await page.addInitScript(() => {
        Reflect.deleteProperty(window, 'IntersectionObserver');
      });
      await page.goto('/collection');
      await expect(cards(page)).toHaveCount(PAGE);
      const more = page.getByRole('button', { name: 'Load more' });
      await more.focus();
      await page.keyboard.press('Enter');
      await expect(cards(page)).toHaveCount(2 * PAGE);
      await expect(cards(page).nth(PAGE).getByRole('link').first()).toBeFocused();
      await more.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/load-more-${width}.png` });
      await more.click();
      await expect(cards(page)).toHaveCount(3 * PAGE);
      const ids = await shownIds(page);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(products.slice(0, 3 * PAGE).map((p) => p._id));
    });

    test('an empty result offers Clear Search and Clear Filters; a typo or Hindi search is answered cleanly', async ({
      page,
      request,
    }) => {
      const menLehengas = products.filter(
        (p) => has(p, 'category', 'Men') && has(p, 'subCategory', 'Lehenga'),
      );
      expect(menLehengas).toEqual([]);
      await page.goto('/collection?q=zzqx&category=Men&subCategory=Lehenga');
      await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
      await expect(count(page)).toHaveText('0 items found for “zzqx”');
      await expect(page.getByRole('searchbox', { name: 'Search the collection' })).toHaveValue(
        'zzqx',
      );
      await page.getByRole('button', { name: 'Clear Search' }).click();
      await expect(page).not.toHaveURL(/q=/);
      await expect(count(page)).toHaveText('0 items found');
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await expect(page).not.toHaveURL(/category=|subCategory=/);
      await expect(count(page)).toHaveText(`${products.length} items found`);

      for (const q of ['lehnga', 'शेरवानी', 'लहंगा']) {
        const answer = await apiSearch(request, `?q=${encodeURIComponent(q)}`);
        await page.goto(`/collection?q=${encodeURIComponent(q)}`);
        await expect(count(page)).toHaveText(`${answer.total} items found for “${q}”`);
        await expect(page.getByRole('alert')).toHaveCount(0);
        if (answer.total === 0) {
          await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
        } else {
          await expect.poll(() => shownIds(page)).toEqual(answer.products.map((p) => p._id));
        }
      }
    });

    test.describe('when the search cannot be loaded', () => {
      test.use({ expectedConsoleErrors: [/Failed to load resource.*500/] });

      test('says so and tries again, for the first page and for the next', async ({ page }) => {
        let failing = true;
        await page.route('**/api/products*', (route) =>
          failing ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
        );
        // The server draws the collection with its first page: the failure is the browser's own,
        // reaching the collection within the app.
        await page.goto('/about');
        await moveWithinTheApp(page, '/collection');
        // Asked twice (one retry) before it says so.
        await expect(page.getByRole('alert')).toHaveText('Failed to load products', {
          timeout: 15_000,
        });
        await expect(cards(page)).toHaveCount(0);
        failing = false;
        await page.getByRole('button', { name: 'Try again' }).click();
        await expect(cards(page)).toHaveCount(PAGE);
        await expect(page.getByRole('alert')).toHaveCount(0);

        // The next page fails as the shopper scrolls to it: said by the button, not retried
        // by scrolling on.
        failing = true;
        await page.getByTestId('shown-count').scrollIntoViewIfNeeded();
        await expect(page.getByRole('alert')).toHaveText('Failed to load products', {
          timeout: 15_000,
        });
        // What was loaded stays.
        await expect(cards(page)).toHaveCount(PAGE);
        failing = false;
        await page.getByRole('button', { name: 'Load more' }).click();
        await expect(cards(page)).toHaveCount(2 * PAGE);
        await expect(page.getByRole('alert')).toHaveCount(0);
      });
    });

    test('has no serious accessibility problem, filtered, paged or empty (screenshots)', async ({
      page,
    }) => {
      test.slow();
      await page.goto('/collection?category=Women&occasion=Wedding');
      await expect(cards(page).first()).toBeVisible();
      await openFilters(page);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toContainText('Copyright 2025');
      await page.screenshot({ path: `${SHOTS}/filtered-${width}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/collection');
      await expect(cards(page)).toHaveCount(PAGE);
      await page.getByTestId('shown-count').scrollIntoViewIfNeeded();
      await expect(cards(page)).toHaveCount(2 * PAGE);
      await page.getByTestId('shown-count').scrollIntoViewIfNeeded();
      await expect(cards(page)).toHaveCount(3 * PAGE);
      await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/paged-${width}.png` });
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/collection?q=zzqx');
      await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/empty-${width}.png` });
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
