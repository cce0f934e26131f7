import type { APIRequestContext, Page } from '@playwright/test';
import { productListResponseSchema, type Product } from '@pehnava/shared';
import { expect, test } from '../fixtures';

async function latestProducts(request: APIRequestContext) {
  const res = await request.get('/api/product/list');
  return productListResponseSchema.parse(await res.json()).products.slice(0, 10);
}

const cardFor = (page: Page, product: Product) =>
  page
    .getByRole('list', { name: 'Latest collections' })
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });

test('a hovered card shows its images in turn: first after 0.5 s, then every 2 s', async ({
  page,
  request,
}) => {
  const product = (await latestProducts(request)).find((p) => p.images.length >= 3)!;
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.goto('/');
  const card = cardFor(page, product);
  const image = card.getByTestId('card-image');
  await expect(image).toHaveAttribute('src', product.images[0]!);
  // Data is on screen; from here only runFor moves the clock.
  await page.clock.pauseAt(start + 60_000);

  await card.hover();
  await page.clock.runFor(400);
  await expect(image).toHaveAttribute('src', product.images[0]!);
  await page.clock.runFor(200);
  await expect(image).toHaveAttribute('src', product.images[1]!);
  // Next change at 0.5 + 2 = 2.5 s after the pointer arrived.
  await page.clock.runFor(1_800);
  await expect(image).toHaveAttribute('src', product.images[1]!);
  await page.clock.runFor(200);
  await expect(image).toHaveAttribute('src', product.images[2]!);

  await page.mouse.move(2, 2);
  await expect(image).toHaveAttribute('src', product.images[0]!);
  await page.clock.runFor(5_000);
  await expect(image).toHaveAttribute('src', product.images[0]!);
});

test.describe('a broken image', () => {
  // The browser logs the failed image request itself: that is the case under test.
  test.use({ expectedConsoleErrors: [/Failed to load resource.*404/] });

  test('shows a placeholder in its card', async ({ page, request }) => {
    const product = (await latestProducts(request))[0]!;
    // Whichever width of its picture the card takes (srcset), it is not there.
    const picture = new URL(product.images[0]!).pathname.replace(/-\d+\.webp$/, '-*.webp');
    await page.route(`**${picture}`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    const card = cardFor(page, product);
    // Its picture is asked for as the card comes into view (lazily), as a shopper scrolls to it.
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('card-image-placeholder')).toBeVisible();
    await expect(card.getByTestId('card-image')).toHaveCount(0);
    await expect(card).toContainText(product.name);
  });
});

test("a visitor's wishlist heart asks them to log in and goes to /login", async ({
  page,
  request,
}) => {
  const product = (await latestProducts(request))[1]!;
  await page.goto('/');
  await cardFor(page, product)
    .getByRole('button', { name: `Add ${product.name} to wishlist` })
    .click();
  await expect(page.getByText('Please login to add items to wishlist')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a card links to its product page', async ({ page, request }) => {
  const product = (await latestProducts(request))[2]!;
  await page.goto('/');
  await cardFor(page, product).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
});

test('an unavailable piece is dimmed in its picture and says Out of stock, its words still readable', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/product/list');
  const { products } = productListResponseSchema.parse(await res.json());
  const unavailable = products.find((p) => !p.isAvailable)!;
  const available = products.find((p) => p.isAvailable)!;
  await page.goto(`/collection?q=${encodeURIComponent(unavailable.name)}`);
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name: unavailable.name, exact: true }) });
  await expect(card).toContainText('Out of stock');
  const opacity = (locator: ReturnType<Page['locator']>) =>
    locator.evaluate((el) => Number(getComputedStyle(el).opacity));
  expect(await opacity(card.getByTestId('card-picture'))).toBeLessThan(0.7);
  expect(await opacity(card)).toBe(1);

  await page.goto(`/collection?q=${encodeURIComponent(available.name)}`);
  const other = page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name: available.name, exact: true }) });
  await expect(other).toBeVisible();
  await expect(other).not.toContainText('Out of stock');
  expect(await opacity(other.getByTestId('card-picture'))).toBe(1);
});

for (const width of [390, 1280]) {
  test(`a card shows a piece's rating once it has 3 reviews, in words for a screen reader, at ${width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const all = productListResponseSchema.parse(
      await (await request.get('/api/product/list')).json(),
    ).products;
    // The seed's past rentals reviewed some pieces: one with a rating, and one without.
    const rated = all.find((p) => p.rating && p.rating.count >= 3)!;
    const { average, count } = rated.rating!;
    await page.goto(`/collection?q=${encodeURIComponent(rated.name)}`);
    const card = page
      .getByRole('list', { name: 'Products' })
      .getByTestId('product-card')
      .filter({ has: page.getByRole('heading', { name: rated.name, exact: true }) });
    const shown = average.toFixed(1);
    await expect(card.getByTestId('card-rating')).toHaveText(`★ ${shown} (${count})`);
    await expect(
      card.getByRole('img', { name: `Rated ${shown} out of 5 from ${count} reviews` }),
    ).toBeVisible();
    await card.screenshot({ path: `/tmp/shots/card-rating-${width}.png` });

    const unrated = all.find((p) => !p.rating && p.isAvailable)!;
    await page.goto(`/collection?q=${encodeURIComponent(unrated.name)}`);
    const plain = page
      .getByRole('list', { name: 'Products' })
      .getByTestId('product-card')
      .filter({ has: page.getByRole('heading', { name: unrated.name, exact: true }) });
    await expect(plain).toBeVisible();
    await expect(plain.getByTestId('card-rating')).toHaveCount(0);
  });
}
