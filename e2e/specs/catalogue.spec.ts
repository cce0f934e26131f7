import { SERVER_RENDER, productListResponseSchema } from '@pehnava/shared';
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
  // Flagged pieces that Latest Collections does not already show come first.
  const latestIds = new Set(products.slice(0, 10).map((p) => p._id));
  const flagged = products.filter((p) => p.bestseller);
  const bestsellers = [
    ...flagged.filter((p) => !latestIds.has(p._id)),
    ...flagged.filter((p) => latestIds.has(p._id)),
  ].slice(0, 5);
  expect(bestsellers.length).toBe(5);
  expect(bestsellers.some((p) => latestIds.has(p._id))).toBe(false);
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

test("a page's first HTML preloads its own script chunks and first image, all of which exist", async ({
  request,
}) => {
  const { products } = productListResponseSchema.parse(
    await (await request.get('/api/product/list')).json(),
  );
  for (const path of ['/collection', `/product/${products[0]!._id}`]) {
    const html = await (await request.get(path)).text();
    const modules = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    const page =
      path === '/collection' ? /\/assets\/collection-[\w-]+\.js$/ : /\/assets\/product-[\w-]+\.js$/;
    expect(
      modules.some((href) => page.test(href)),
      `${path}: ${modules.join(', ')}`,
    ).toBe(true);
    for (const href of modules) expect((await request.get(href)).status(), href).toBe(200);
    // The stylesheet arrives inside the page.
    expect(html).toMatch(/<style>[^<]*--color-maroon-700/);
  }
  const home = await (await request.get('/')).text();
  const hero = /<link rel="preload" as="image" href="([^"]+)"/.exec(home)?.[1];
  expect(hero).toMatch(/^\/images\/hero\/hero-1-v\d+-1600\.webp$/);
  expect((await request.get(hero!)).status()).toBe(200);
  expect((await request.get('/.vite/manifest.json')).headers()['content-type']).not.toMatch(/json/);
});

test('a drawn page brings its first answers: none fetched again, nothing fetched twice', async ({
  page,
  request,
}) => {
  const { products } = productListResponseSchema.parse(
    await (await request.get('/api/product/list')).json(),
  );
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/preload/i.test(m.text())) warnings.push(m.text());
  });
  const firstAnswers: Record<string, RegExp> = {
    '/collection': /^\/api\/(products|product\/filter-options)(\?|$)/,
    '/collection?occasion=Wedding&q=silk&sort=newest&category=Women':
      /^\/api\/(products|product\/filter-options)(\?|$)/,
    [`/product/${products[0]!._id}`]: new RegExp(`^/api/product/list/${products[0]!._id}$`),
    '/': /^\/api\/products\?/,
  };
  for (const [path, first] of Object.entries(firstAnswers)) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<script type="application/json" id="${SERVER_RENDER.stateId}">`);
    expect(html, path).not.toContain('as="fetch"');
    const calls: string[] = [];
    const onRequest = (r: { url(): string }) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
    };
    page.on('request', onRequest);
    await page.goto(path);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    const counts = new Map<string, number>();
    for (const call of calls) counts.set(call, (counts.get(call) ?? 0) + 1);
    for (const [call, n] of counts) expect(n, `${path}: ${call}`).toBe(1);
    // What the page was drawn with is not asked for again, nor the site's details, nor ever the
    // whole catalogue.
    expect(
      calls.filter((call) => first.test(call)),
      path,
    ).toEqual([]);
    expect(counts.get('/api/site'), path).toBeUndefined();
    expect(counts.get('/api/product/list'), path).toBeUndefined();
  }
  expect(warnings).toEqual([]);
});
