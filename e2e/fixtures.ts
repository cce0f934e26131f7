import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { SERVER_RENDER, productListResponseSchema } from '@pehnava/shared';
import { recordToasts } from './toasts';
import { isRentable, shareOf, workerProducts, type WorkerProducts } from './worker-products';

/**
 * Every page fails its test on an unexpected console error or uncaught exception. A test that
 * provokes an error on purpose names it with `test.use({ expectedConsoleErrors: [/…/] })`.
 *
 * `workerProducts` is this worker's own share of the rentable catalogue (worker-products.ts): a
 * test that adds to a cart, books or reserves takes its products from it, so two workers never
 * reach for the same piece.
 */
/**
 * A page the server drew starts the app after its first paint in a browser that keeps something
 * of the shop's, and at the shopper's first sign on a first visit (apps/web/vite.config.ts); it is
 * inert from then until the app has taken it over (lib/hydration.tsx). Wait for that, as a
 * shopper waits for a page to answer, before a test types or presses keys in it: on a first visit
 * the mouse is moved onto the page's corner first, as a shopper's hand gives the first sign.
 * Pages the server does not draw (the console's) need no wait.
 */
export async function untilStarted(page: Page): Promise<void> {
  const state = () =>
    page.evaluate(({ rootAttribute, takenOverAttribute }) => {
      const root = document.getElementById('root');
      if (!root?.hasAttribute(rootAttribute) || root.hasAttribute(takenOverAttribute)) {
        return 'started';
      }
      return root.inert ? 'starting' : 'waiting for a sign';
    }, SERVER_RENDER);
  if ((await state()) === 'waiting for a sign') {
    // Two points, so the pointer moves wherever it stood.
    await page.mouse.move(1, 1);
    await page.mouse.move(0, 0);
  }
  await page.waitForFunction(({ rootAttribute, takenOverAttribute }) => {
    const root = document.getElementById('root');
    return !root?.hasAttribute(rootAttribute) || root.hasAttribute(takenOverAttribute);
  }, SERVER_RENDER);
}

/**
 * Move to `path` within the app, as a link inside it does (React Router follows the history): the
 * page is then drawn in the browser from its own requests, not sent drawn by the server.
 */
export async function moveWithinTheApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

type Navigation = { waitUntil?: string } | undefined;

/** Page navigations that, unless asked to return at the first byte, wait for the app (above). */
function waitingForTheApp(page: Page): Page {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    const wrapped = async (...args: unknown[]) => {
      const response = await navigate(...args);
      const options = args.find((arg) => typeof arg === 'object') as Navigation;
      if (options?.waitUntil !== 'commit') await untilStarted(page);
      return response;
    };
    Object.assign(page, { [name]: wrapped });
  }
  return page;
}

export const test = base.extend<
  { expectedConsoleErrors: RegExp[]; consoleErrors: string[] },
  { workerProducts: WorkerProducts }
>({
  // Every page keeps the text of the toasts it shows (toasts.ts), however briefly they stay.
  context: async ({ context }, use) => {
    await context.addInitScript(recordToasts);
    await use(context);
  },
  page: async ({ page }, use) => {
    await use(waitingForTheApp(page));
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
      // The other shares, for when the tests this worker runs take more pieces than its own holds.
      const spare = products
        .filter(isRentable)
        .filter((p) => !share.some((mine) => mine._id === p._id));
      await use(workerProducts(share, ledger, spare));
    },
    { scope: 'worker' },
  ],
});

export { expect };
