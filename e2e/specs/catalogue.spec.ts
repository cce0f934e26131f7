import { productListResponseSchema } from '@pehnava/shared';
import { expect, test } from '../fixtures';

test('the home page shows the latest 10 products and up to 5 best sellers from the API', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/product/list');
  expect(res.ok()).toBe(true);
  const { products } = productListResponseSchema.parse(await res.json());
  expect(products.length).toBeGreaterThanOrEqual(100);

  await page.goto('/');
  await expect(page).toHaveTitle(/Pehnava/);
  const latest = page.getByRole('list', { name: 'Latest collections' });
  await expect(latest.getByTestId('product-card')).toHaveCount(10);
  for (const product of products.slice(0, 10)) {
    await expect(latest.getByRole('heading', { name: product.name, exact: true })).toBeVisible();
  }
  const best = page.getByRole('list', { name: 'Best sellers' });
  const bestsellers = products.filter((p) => p.bestseller).slice(0, 5);
  await expect(best.getByTestId('product-card')).toHaveCount(bestsellers.length);
  for (const product of bestsellers) {
    await expect(best.getByRole('heading', { name: product.name, exact: true })).toBeVisible();
  }
  const first = latest.getByTestId('product-card').first();
  await expect(first).toContainText(
    `Starts from Rs.${products[0]!.twoDayRentalPrice.toLocaleString('en-IN')}`,
  );
  const image = first.locator('img');
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why Choose Pehnava' })).toBeVisible();
});

test('an unknown address shows the not-found page inside the app frame', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pehnava', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('an unknown API path is a JSON 404, not the app', async ({ request }) => {
  const res = await request.get('/api/no-such-endpoint');
  expect(res.status()).toBe(404);
  expect(await res.json()).toEqual({ success: false, message: 'Not found' });
});
