import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { productListResponseSchema } from '@pehnava/shared';
import { expect, test } from '../fixtures';

const WIDTHS = [390, 1280] as const;
const STATIC_ROUTES = ['/', '/collection', '/about', '/contact', '/terms', '/privacy', '/refund'];

/** Every serious or critical WCAG 2.1 A/AA problem axe finds on the page, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
}

/** Wait until the page has its content, so axe checks what a shopper sees. */
async function settled(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toContainText('Copyright 2025');
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const route of STATIC_ROUTES) {
      test(`${route} has no serious or critical accessibility problem`, async ({ page }) => {
        await page.goto(route);
        await settled(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('a product page has none, in stock and out of stock', async ({ page, request }) => {
      const { products } = productListResponseSchema.parse(
        await (await request.get('/api/product/list')).json(),
      );
      for (const product of [
        products.find((p) => p.isAvailable)!,
        products.find((p) => !p.isAvailable)!,
      ]) {
        await page.goto(`/product/${product._id}`);
        await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
        await settled(page);
        expect(await seriousViolations(page), product.name).toEqual([]);
      }
    });

    test('the not-found page and the open search bar have none', async ({ page }) => {
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/collection');
      await settled(page);
      await page
        .getByRole('button', { name: /search/i })
        .first()
        .click();
      await expect(page.getByRole('searchbox')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('the mobile menu', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  test('has no serious or critical accessibility problem when open', async ({ page }) => {
    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'HOME' }),
    ).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
