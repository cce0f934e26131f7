import { productListResponseSchema } from '@pehnava/shared';
import { expect, test } from '../fixtures';

test('the home page lists product names from the API', async ({ page, request }) => {
  const res = await request.get('/api/product/list');
  expect(res.ok()).toBe(true);
  const { products } = productListResponseSchema.parse(await res.json());
  expect(products.length).toBeGreaterThanOrEqual(100);

  await page.goto('/');
  await expect(page).toHaveTitle(/Pehnava/);
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(products.length);
  for (const product of [products[0]!, products[products.length - 1]!]) {
    await expect(page.getByRole('heading', { name: product.name, exact: true })).toBeVisible();
  }
  await expect(cards.first()).toContainText(/Starts from Rs\.\d/);
  const firstImage = cards.first().locator('img');
  await expect(firstImage).toHaveJSProperty('complete', true);
  expect(await firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
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
