import { test as base, expect } from '@playwright/test';

/**
 * Every page fails its test on an unexpected console error or uncaught exception. A test that
 * provokes an error on purpose names it with `test.use({ expectedConsoleErrors: [/…/] })`.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
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
});

export { expect };
