import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { productListResponseSchema } from '@pehnava/shared';
import { recordToasts } from './toasts';
import { shareOf, workerProducts, type WorkerProducts } from './worker-products';

/**
 * Every page fails its test on an unexpected console error or uncaught exception. A test that
 * provokes an error on purpose names it with `test.use({ expectedConsoleErrors: [/…/] })`.
 *
 * `workerProducts` is this worker's own share of the rentable catalogue (worker-products.ts): a
 * test that adds to a cart, books or reserves takes its products from it, so two workers never
 * reach for the same piece.
 */
export const test = base.extend<
  { expectedConsoleErrors: RegExp[]; consoleErrors: string[] },
  { workerProducts: WorkerProducts }
>({
  // Every page keeps the text of the toasts it shows (toasts.ts), however briefly they stay.
  context: async ({ context }, use) => {
    await context.addInitScript(recordToasts);
    await use(context);
  },
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      const unexpected = (text: string) => !expectedConsoleErrors.some((re) => re.test(text));
      page.on('console', (message) => {
        if (message.type() === 'error' && unexpected(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
  workerProducts: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      const res = await request.get('/api/product/list');
      const { products } = productListResponseSchema.parse(await res.json());
      await request.dispose();
      const share = shareOf(products, workerInfo.parallelIndex, workerInfo.config.workers);
      const ledger = join(
        workerInfo.project.outputDir,
        'worker-products',
        `slot-${workerInfo.parallelIndex}.json`,
      );
      await use(workerProducts(share, ledger));
    },
    { scope: 'worker' },
  ],
});

export { expect };
