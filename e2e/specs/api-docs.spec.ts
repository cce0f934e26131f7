import { expect, test } from '../fixtures';

interface OpenApi {
  paths: Record<string, Record<string, { tags: string[]; summary: string }>>;
  tags: { name: string }[];
}

test('the API reference at /api/docs renders under the page policy: every route, grouped, with its schemas', async ({
  page,
  request,
}) => {
  // Every route of the reference is checked one by one: 23 s alone, 26 s beside a busy
  // worker in CI, so the limit, for a hang, is 90 s.
  test.setTimeout(90_000);
  const docs = (await (await request.get('/api/docs/json')).json()) as OpenApi;
  const operations = Object.entries(docs.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, ...op })),
  );
  expect(operations.length).toBeGreaterThanOrEqual(23);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api/docs');
  await expect(page).toHaveTitle('Pehnava API reference');
  await expect(page.getByRole('heading', { name: /Pehnava API/ })).toBeVisible();
  // One section per tag, each route under its tag with its summary.
  for (const { name } of docs.tags) {
    await expect(page.locator(`#operations-tag-${name}`), name).toBeVisible();
  }
  await expect(page.locator('.opblock')).toHaveCount(operations.length);
  const shown = await page.locator('.opblock-summary').allInnerTexts();
  for (const { path, method, summary } of operations) {
    const line = shown.find((text) => text.includes(`${method.toUpperCase()}\n${path}\n`));
    expect(line, `${method} ${path}`).toContain(summary);
  }
  await page.screenshot({ path: test.info().outputPath('api-docs-top.png') });
  // The bearer token is described, and routes that need it show a lock.
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('bearerAuth')).toBeVisible();
  await expect(page.getByText('http, Bearer')).toBeVisible();
  // So is WhatsApp's webhook signature (decision 085): the dialog has one section, and one Close,
  // per scheme; either closes it.
  await expect(page.getByText('whatsappSignature')).toBeVisible();
  await expect(page.getByText('X-Hub-Signature-256').first()).toBeVisible();
  const close = page.getByRole('button', { name: 'Close' });
  await expect(close).toHaveCount(2);
  await close.first().click();
  await expect(close).toHaveCount(0);

  // A route opened shows its request body and its answers from the shared contracts.
  const remove = page
    .locator('.opblock-delete')
    .filter({ has: page.locator('[data-path="/api/cart/remove/{productId}"]') });
  await remove.locator('.opblock-summary').click();
  await expect(remove.getByText('Request body')).toBeVisible();
  await expect(remove.locator('.responses-table')).toContainText('401');
  await expect(remove.locator('.responses-table')).toContainText(
    'No session token, or one that has expired or was ended',
  );
  await page.screenshot({ path: test.info().outputPath('api-docs.png'), fullPage: false });
  const models = page.locator('section.models');
  await models.scrollIntoViewIfNeeded();
  await expect(models).toContainText('Product');
  await expect(models).toContainText('Plan');
});
