import type { APIRequestContext, Page } from '@playwright/test';
import {
  PRODUCT_SEARCH_LIMITS,
  productListResponseSchema,
  productSearchResponseSchema,
  type Product,
} from '@pehnava/shared';
import { expect, test } from '../fixtures';

let products: Product[] = [];

test.beforeAll(async ({ request }) => {
  const res = await request.get('/api/product/list');
  products = productListResponseSchema.parse(await res.json()).products;
});

const has = (p: Product, type: string, value: string) =>
  p.filters.some((f) => f.type === type && f.value === value);
const count = (page: Page) => page.getByTestId('result-count');
const cards = (page: Page) =>
  page.getByRole('list', { name: 'Products' }).getByTestId('product-card');
/** A filter value's checkbox, named by the value and its count ('Wedding (12)'). */
const checkbox = (page: Page, group: string, value: string) =>
  page
    .getByRole('group', { name: group })
    .getByRole('checkbox', { name: new RegExp(`^${value} \\(\\d+\\)$`) });
/** What the search endpoint finds for a text: the page must show the same. */
const searchTotal = async (request: APIRequestContext, q: string) =>
  productSearchResponseSchema.parse(
    await (await request.get(`/api/products?q=${encodeURIComponent(q)}`)).json(),
  ).total;

test('counts every product, shows the first page, and filters AND across groups and OR within one', async ({
  page,
}) => {
  await page.goto('/collection');
  await expect(count(page)).toHaveText(`${products.length} items found`);
  await expect(cards(page)).toHaveCount(
    Math.min(products.length, PRODUCT_SEARCH_LIMITS.pageSizeDefault),
  );
  for (const group of ['Categories', 'Type', 'Occasion', 'Colour']) {
    await expect(page.getByRole('group', { name: group })).toBeVisible();
  }

  await checkbox(page, 'Categories', 'Women').click();
  await expect(checkbox(page, 'Categories', 'Women')).toBeChecked();
  const women = products.filter((p) => has(p, 'category', 'Women'));
  await expect(count(page)).toHaveText(`${women.length} items found`);
  await expect(page.getByTestId('filters-applied')).toHaveText('1 filters applied');
  await expect(page).toHaveURL(/category=Women/);

  await checkbox(page, 'Occasion', 'Wedding').click();
  await expect(checkbox(page, 'Occasion', 'Wedding')).toBeChecked();
  const womenWedding = women.filter((p) => has(p, 'occasion', 'Wedding'));
  await expect(count(page)).toHaveText(`${womenWedding.length} items found`);

  await checkbox(page, 'Occasion', 'Reception').click();
  await expect(checkbox(page, 'Occasion', 'Reception')).toBeChecked();
  const womenWeddingOrReception = women.filter(
    (p) => has(p, 'occasion', 'Wedding') || has(p, 'occasion', 'Reception'),
  );
  await expect(count(page)).toHaveText(`${womenWeddingOrReception.length} items found`);
  await expect(page.getByTestId('filters-applied')).toHaveText('3 filters applied');

  // The view survives a reload and walks back through history.
  await page.reload();
  await expect(count(page)).toHaveText(`${womenWeddingOrReception.length} items found`);
  await expect(checkbox(page, 'Occasion', 'Reception')).toBeChecked();
  await page.goBack();
  await expect(count(page)).toHaveText(`${womenWedding.length} items found`);
  await page.goBack();
  await expect(count(page)).toHaveText(`${women.length} items found`);

  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(count(page)).toHaveText(`${products.length} items found`);
  await expect(page.getByTestId('filters-applied')).toHaveCount(0);
});

test('sorts by rent and by MRP, and keeps the sort in the URL', async ({ page }) => {
  await page.goto('/collection');
  const sortBy = page.getByRole('combobox', { name: 'Sort by' });
  const firstName = () => cards(page).first().getByRole('heading');

  await sortBy.selectOption('price-low-high');
  await expect(page).toHaveURL(/sort=price-low-high/);
  const cheapest = products.reduce((a, b) => (b.twoDayRentalPrice < a.twoDayRentalPrice ? b : a));
  await expect(firstName()).toHaveText(cheapest.name);

  await sortBy.selectOption('high-low');
  const dearest = products.reduce((a, b) => (b.mrp > a.mrp ? b : a));
  await expect(firstName()).toHaveText(dearest.name);

  await sortBy.selectOption('newest');
  const newest = products.reduce((a, b) => (Date.parse(b.date) > Date.parse(a.date) ? b : a));
  await expect(firstName()).toHaveText(newest.name);

  await page.reload();
  await expect(sortBy).toHaveValue('newest');
  await sortBy.selectOption('relevant');
  await expect(firstName()).toHaveText(products[0]!.name);
  await expect(page).not.toHaveURL(/sort=/);
});

test('the header search opens a search bar that searches names and descriptions', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Search the collection' }).click();
  await expect(page).toHaveURL(/\/collection$/);
  const box = page.getByRole('searchbox', { name: 'Search the collection' });
  await box.fill('LeHenGa');
  // Case does not matter, and every piece naming a lehenga in its name or description is found.
  const matches = products.filter(
    (p) =>
      p.name.toLowerCase().includes('lehenga') || p.description.toLowerCase().includes('lehenga'),
  );
  const found = await searchTotal(request, 'LeHenGa');
  expect(found).toBe(await searchTotal(request, 'lehenga'));
  expect(found).toBeGreaterThanOrEqual(matches.length);
  await expect(count(page)).toContainText(`${found} items found`);
  await expect(page).toHaveURL(/q=LeHenGa/);

  await box.fill('no such outfit anywhere');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(count(page)).toHaveText(`${products.length} items found`);

  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(page.getByRole('searchbox')).toHaveCount(0);
});

test('the empty state clears filters too', async ({ page }) => {
  const tuxedoColours = new Set(
    products
      .filter((p) => has(p, 'subCategory', 'Tuxedo'))
      .flatMap((p) => p.filters.filter((f) => f.type === 'colour').map((f) => f.value)),
  );
  const colour = [
    ...new Set(
      products.flatMap((p) => p.filters.filter((f) => f.type === 'colour').map((f) => f.value)),
    ),
  ].find((c) => !tuxedoColours.has(c))!;
  await page.goto(`/collection?subCategory=Tuxedo&colour=${encodeURIComponent(colour)}`);
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(count(page)).toHaveText('0 items found');
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(count(page)).toHaveText(`${products.length} items found`);
});

test('closing the search ends it and keeps the filters; a search in the URL shows its box', async ({
  page,
  request,
}) => {
  const women = products.filter((p) => has(p, 'category', 'Women'));
  const sarees = productSearchResponseSchema.parse(
    await (await request.get('/api/products?q=saree&category=Women')).json(),
  );
  expect(sarees.total).toBeGreaterThan(0);
  for (const saree of sarees.products)
    expect(has(saree, 'category', 'Women'), saree.name).toBe(true);
  // A shared or reloaded link with a search: the search is there to be seen.
  await page.goto('/collection?q=saree&category=Women');
  const box = page.getByRole('searchbox', { name: 'Search the collection' });
  await expect(box).toHaveValue('saree');
  await expect(count(page)).toHaveText(`${sarees.total} items found for “saree”`);

  // The header's search icon on the collection keeps its filters and goes to the box.
  await page.getByRole('button', { name: 'Search the collection' }).click();
  await expect(page).toHaveURL(/category=Women/);
  await expect(box).toBeFocused();

  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await expect(page).not.toHaveURL(/q=/);
  await expect(page).toHaveURL(/category=Women/);
  await expect(count(page)).toHaveText(`${women.length} items found`);
  await page.reload();
  await expect(count(page)).toHaveText(`${women.length} items found`);
  await expect(page.getByRole('searchbox')).toHaveCount(0);
});
