import type { APIRequestContext, Page } from '@playwright/test';
import { productListResponseSchema, type Product, type Subscription } from '@pehnava/shared';
import { createAccount, signInWith } from '../accounts';
import { expectToast } from '../toasts';
import { expect, test } from '../fixtures';

async function catalogue(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/product/list');
  return productListResponseSchema.parse(await res.json()).products;
}

const latestCard = (page: Page, product: Product) =>
  page
    .getByRole('list', { name: 'Latest collections' })
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });

test('the heart saves from a card, the product page and the wishlist page, with the header count', async ({
  page,
  request,
}) => {
  const latest = (await catalogue(request)).slice(0, 10);
  const [first, second] = [latest[0]!, latest[3]!];
  const account = await createAccount(request);
  await signInWith(page, account.token, '/');

  const heart = latestCard(page, first).getByTestId('wishlist-heart');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expectToast(page, 'Added to wishlist');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAccessibleName(`Remove ${first.name} from wishlist`);
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');

  // The product page's heart knows, and saves another.
  await page.goto(`/product/${second._id}`);
  const pageHeart = page
    .getByRole('main')
    .getByRole('button', { name: `Add ${second.name} to wishlist` });
  await pageHeart.click();
  await expectToast(page, 'Added to wishlist');
  await expect(page.getByTestId('wishlist-count')).toHaveText('2');
  await page.getByRole('button', { name: 'Your account' }).click();
  await expect(page.getByTestId('account-menu-wishlist-count')).toHaveText('2');
  await page.keyboard.press('Escape');
  await page.goto('/profile');
  await expect(page.getByTestId('profile-wishlist-count')).toHaveText('2');
  await expect(page.getByTestId('profile-cart-count')).toHaveText('0');

  await page.getByRole('link', { name: /^Wishlist/ }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
  await expect(page.getByText('2 item(s) saved')).toBeVisible();
  const cards = page.getByTestId('wishlist-card');
  await expect(cards).toHaveCount(2);
  // Newest first.
  await expect(cards.first()).toContainText(second.name);

  const card = cards.filter({ hasText: second.name });
  await card.getByRole('button', { name: 'View Details' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${second._id}$`));
  await page.goBack();
  await card.getByRole('button', { name: `Remove ${second.name} from wishlist` }).click();
  await expectToast(page, 'Removed from wishlist');
  await expect(cards).toHaveCount(1);
  await expect(page.getByText('1 item(s) saved')).toBeVisible();
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');

  await cards
    .first()
    .getByRole('button', { name: `Remove ${first.name} from wishlist` })
    .click();
  await expect(page.getByRole('heading', { name: 'Your Wishlist is Empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Collection' })).toHaveAttribute(
    'href',
    '/collection',
  );
  await expect(page.getByTestId('wishlist-count')).toHaveCount(0);
});

test('an unavailable piece in the wishlist says Out of Stock and cannot be added to the cart', async ({
  page,
  request,
}) => {
  const products = await catalogue(request);
  const unavailable = products.find((p) => !p.isAvailable)!;
  const available = products.find((p) => p.isAvailable)!;
  const account = await createAccount(request);
  for (const product of [unavailable, available]) {
    const res = await request.post('/api/wishlist/add', {
      headers: { authorization: `Bearer ${account.token}` },
      data: { productId: product._id },
    });
    expect(res.ok()).toBe(true);
  }
  await signInWith(page, account.token, '/wishlist');
  const out = page.getByTestId('wishlist-card').filter({ hasText: unavailable.name });
  await expect(out).toContainText('Out of Stock');
  await expect(out.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  const open = page.getByTestId('wishlist-card').filter({ hasText: available.name });
  await expect(open).not.toContainText('Out of Stock');
  await open.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${available._id}$`));
});

test('a visitor is asked to save favourites by logging in', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { name: 'Save Your Favorites' })).toBeVisible();
  await page.getByRole('link', { name: 'Login to Continue' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('while the wishlist loads, eight card placeholders hold its place', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/wishlist/get', async (route) => {
    await held;
    await route.continue();
  });
  await signInWith(page, account.token, '/wishlist');
  await expect(page.getByTestId('grid-skeleton').locator('li')).toHaveCount(8);
  release();
  await expect(page.getByRole('heading', { name: 'Your Wishlist is Empty' })).toBeVisible();
});

test('prices follow the plan: Plus shows Free Rental and 50% off, 14 days only, no upgrade box', async ({
  page,
  request,
}) => {
  const products = await catalogue(request);
  const premium = products.find((p) => p.category === 'premium' && p.isAvailable)!;
  const royal = products.find((p) => p.category === 'royal' && p.isAvailable)!;
  const account = await createAccount(request);
  // The plan itself is bought in a later feature; here the browser is told the shopper has Plus.
  const plus: Subscription = {
    plan: 'plus',
    itemsRentedInPeriod: 0,
    rentalLimit: 4,
    startDate: new Date().toISOString(),
    endDate: new Date(Date.now() + 14 * 86_400_000).toISOString(),
    isActive: true,
    autoRenew: true,
  };
  await page.route('**/api/subscription/me', (route) =>
    route.fulfill({ json: { success: true, subscription: plus } }),
  );
  await signInWith(page, account.token, `/product/${premium._id}`);
  const block = page.getByTestId('price-block');
  await expect(block).toContainText('Free Rental');
  await expect(block).toContainText('for 14 days');
  await expect(page.getByTestId('plan-label')).toHaveText('Plus Benefit');
  await expect(page.getByRole('button', { name: /^14 days/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^2 days/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View Plans' })).toHaveCount(0);

  await page.goto(`/product/${royal._id}`);
  const half = Math.round(royal.fourteenDayRentalPrice / 2);
  await expect(page.getByTestId('price-block')).toContainText(`₹${half.toLocaleString('en-IN')}`);
  await expect(page.getByTestId('plan-label')).toHaveText('Plus 50% OFF');

  await page.goto('/collection');
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.getByRole('heading', { name: premium.name, exact: true }) });
  await expect(card.getByTestId('plan-price')).toContainText('Free Rental');
  await expect(card.getByTestId('plan-price')).toContainText('Plus Benefit');
});
