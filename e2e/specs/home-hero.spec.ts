import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

const activeTitle = (page: Page) =>
  page.locator('[data-testid="hero-slide"][data-active="true"] h2');

test.beforeEach(async ({ page }) => {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.goto('/');
  await expect(activeTitle(page)).toHaveText('The Bridal Edit');
  // Stop the clock flowing in real time: from here only runFor moves it.
  await page.clock.pauseAt(start + 60_000);
  // Real time ran while the page loaded, so start from a known point: the first slide at 0%,
  // with the pointer and the focus away from the carousel unless a test puts them there.
  await page.getByRole('button', { name: /Go to slide 1/ }).click();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(5, 5);
  await expect(page.getByTestId('hero')).toHaveAttribute('data-paused', 'false');
  await expect(activeTitle(page)).toHaveText('The Bridal Edit');
});

const progress = async (page: Page) =>
  parseFloat(await page.getByTestId('hero-progress').evaluate((el) => el.style.width || '0'));

test('advances about every 5 seconds (+2% every 100 ms) and wraps around', async ({ page }) => {
  expect(await progress(page)).toBe(0);
  await page.clock.runFor(2_500);
  expect(await progress(page)).toBe(50);
  await page.clock.runFor(2_250);
  await expect(activeTitle(page)).toHaveText('The Bridal Edit');
  await page.clock.runFor(350);
  await expect(activeTitle(page)).toHaveText('For the Groom');
  await page.clock.runFor(5_000 * 4);
  await expect(activeTitle(page)).toHaveText('The Bridal Edit');
});

test('pauses while the pointer is over it and resumes after', async ({ page }) => {
  await page.getByTestId('hero').hover();
  await expect(page.getByTestId('hero')).toHaveAttribute('data-paused', 'true');
  await page.clock.runFor(12_000);
  await expect(activeTitle(page)).toHaveText('The Bridal Edit');
  await page.mouse.move(5, 5);
  await expect(page.getByTestId('hero')).toHaveAttribute('data-paused', 'false');
  await page.clock.runFor(5_100);
  await expect(activeTitle(page)).toHaveText('For the Groom');
});

test('arrows, dots and the keyboard move between slides', async ({ page }) => {
  await page.getByRole('button', { name: 'Next slide' }).click();
  await expect(activeTitle(page)).toHaveText('For the Groom');
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await page.getByRole('button', { name: 'Previous slide' }).click();
  await expect(activeTitle(page)).toHaveText('Reception Nights');
  await page.getByRole('button', { name: /Go to slide 3/ }).click();
  await expect(activeTitle(page)).toHaveText('Sangeet & Mehendi');
  await expect(page.getByRole('button', { name: /Go to slide 3/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.keyboard.press('ArrowRight');
  await expect(activeTitle(page)).toHaveText('The Finishing Touch');
  await page.keyboard.press('ArrowLeft');
  await expect(activeTitle(page)).toHaveText('Sangeet & Mehendi');
});

test('Explore Collection goes to /collection', async ({ page }) => {
  await page
    .locator('[data-testid="hero-slide"][data-active="true"]')
    .getByRole('link', { name: 'Explore Collection' })
    .click();
  await expect(page).toHaveURL(/\/collection$/);
});
