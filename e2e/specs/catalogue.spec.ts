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

test('an unknown address still serves the app shell', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Pehnava' })).toBeVisible();
});
