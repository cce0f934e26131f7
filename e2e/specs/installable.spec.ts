import type { Page } from '@playwright/test';
import { productListResponseSchema } from '@pehnava/shared';
import { expect, test, untilStarted } from '../fixtures';

/**
 * The installable shop (issue [P] §4, decision 084): the web app manifest and icons, the service
 * worker's rules (apps/web/src/sw/policy.ts) as a shopper meets them offline, and a new worker
 * taking over without a reload. The only spec run with service workers allowed.
 */
test.use({ serviceWorkers: 'allow' });

const PAGES_CACHE = 'pehnava-pages-v1';

/**
 * Opens `path`, starts the app (which registers the worker) and waits until it controls the page.
 * If it does not within 20 s, the failure says how far the worker got: no registration at all
 * (the app's register call failed or never ran), or the state of the one there is.
 */
async function underServiceWorker(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await untilStarted(page);
  const outcome = await page.evaluate(async (ms) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (navigator.serviceWorker.controller) return 'controlled';
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return `not controlled after ${ms} ms, and no worker registered`;
    const { installing, waiting, active } = registration;
    return `not controlled after ${ms} ms; worker installing ${installing?.state ?? 'none'}, waiting ${waiting?.state ?? 'none'}, active ${active?.state ?? 'none'}`;
  }, 20_000);
  expect(outcome).toBe('controlled');
}

/** The paths the worker has kept as pages. */
const keptPages = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, PAGES_CACHE);

test('the manifest names the shop, its colours and its icons, which are the sizes they say', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  const res = await request.get('/manifest.webmanifest');
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    short_name: 'Pehnava',
    start_url: '/',
    display: 'standalone',
    theme_color: '#7a1f3d',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  // The page's own icon is a PNG at each size it names: an SVG icon would be a whole document
  // drawn on the page's main thread just after it loads.
  const pageIcons = await page.locator('link[rel="icon"]').evaluateAll((links) =>
    links.map((link) => ({
      src: link.getAttribute('href')!,
      sizes: link.getAttribute('sizes')!,
    })),
  );
  expect(pageIcons.map((icon) => icon.sizes)).toEqual(['32x32', '96x96']);
  for (const icon of [
    ...manifest.icons,
    ...pageIcons,
    { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
  ]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    // A PNG's width and height are the IHDR chunk's first two big-endian words.
    const bytes = await file.body();
    const size = `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
    expect(size, icon.src).toBe(icon.sizes);
  }

  // Chromium's own verdict: the manifest parses and nothing stops the shop being installed.
  const cdp = await page.context().newCDPSession(page);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
  expect(errors).toEqual([]);
  await underServiceWorker(page, '/');
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
});

test.describe('offline', () => {
  // Offline, the page's own requests (the API, pictures not yet seen) fail, as they must.
  test.use({ expectedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('offline, the pages a shopper read are still there; checkout, bookings and the API never come from a cache', async ({
    page,
    context,
    request,
  }) => {
    const products = productListResponseSchema.parse(
      await (await request.get('/api/product/list')).json(),
    ).products;
    const read = products[0]!;
    const neverOpened = products.at(-1)!;

    // The page the worker was registered from came before it; the pages after it are kept.
    await underServiceWorker(page, '/');
    await page.goto('/collection');
    await page.goto(`/product/${read._id}`);
    await expect(page.getByRole('heading', { level: 1, name: read.name })).toBeVisible();
    // Pages that hold a shopper's own state, opened online: the worker must not keep them.
    for (const path of ['/cart', '/orders', '/profile', '/login']) await page.goto(path);
    await expect
      .poll(() => keptPages(page))
      .toEqual(expect.arrayContaining(['/collection', `/product/${read._id}`]));
    const kept = await keptPages(page);
    for (const path of ['/cart', '/orders', '/profile', '/login', '/place-order', '/verify']) {
      expect(kept, path).not.toContain(path);
    }

    await context.setOffline(true);

    // What was read is read again, as it was.
    await page.goto(`/product/${read._id}`);
    await expect(page.getByRole('heading', { level: 1, name: read.name })).toBeVisible();
    await page.goto('/collection');
    await expect(page.getByTestId('result-count')).toHaveText(`${products.length} items found`);

    // Anything else says the shopper is offline, in its place, and offers to try again.
    for (const path of ['/cart', '/orders', '/place-order', `/product/${neverOpened._id}`]) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: 'You are offline' }),
        path,
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '');
      expect(new URL(page.url()).pathname).toBe(path);
    }

    // The API is never answered from a cache, even for an answer read a moment ago.
    const offlineApi = await page.evaluate(() =>
      fetch('/api/product/list').then(
        (res) => `answered ${res.status}`,
        () => 'failed',
      ),
    );
    expect(offlineApi).toBe('failed');

    // Back online, the same address is the real page again.
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: neverOpened.name })).toBeVisible();
  });
});

test('a new service worker takes over the open page at once, and the page goes on working', async ({
  page,
}) => {
  await underServiceWorker(page, '/collection');
  const before = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  // A new build's worker, as the browser finds it on a navigation: the same scope, another script.
  const after = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => resolve(navigator.serviceWorker.controller!.scriptURL),
          { once: true },
        );
        navigator.serviceWorker.register('/sw.js?build=next').catch(reject);
      }),
  );
  expect(before).toMatch(/\/sw\.js$/);
  expect(after).toMatch(/\/sw\.js\?build=next$/);
  const registrations = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => ({
      waiting: r.waiting !== null,
      active: r.active?.scriptURL,
    })),
  );
  expect(registrations).toEqual([{ waiting: false, active: after }]);
  // The page it took over still moves on, and the next page comes from the network.
  await page.getByRole('link', { name: 'About' }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
