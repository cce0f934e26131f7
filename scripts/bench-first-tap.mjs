#!/usr/bin/env node
// `npm run bench:first-tap`: how long a first visit's first tap takes to do what it says (issue [M]
// §1, decision 077). Starts the built server on PGlite with a fresh data directory (and, with
// BENCH_BASELINE, another built checkout's server the same way), then, on a phone-sized page with
// touch and the CPU slowed by Chromium's own throttling (BENCH_CPU_SLOWDOWN, 8 by default: what
// Lighthouse's calibration gives on a host of benchmark index about 2,450), opens each page as a
// first visit (a fresh context) and taps the header's menu button, measuring from the tap to the
// menu being on screen, in three cases: a shopper who taps as soon as the page is painted, one
// who reads for BENCH_READ_MS (3 s) first, and one who scrolls, then reads. Builds interleaved,
// medians of BENCH_ROUNDS (7).
//
// The tap is the shopper's: a page that is inert until the app has taken it over makes Playwright
// wait and tap again once it is not, as a shopper would.
import { FIRST_VISIT_PAGES, firstVisitBench, markdownTable, median } from './bench-lib.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 8);
const readMs = Number(process.env.BENCH_READ_MS ?? 3000);
const baseline = process.env.BENCH_BASELINE;
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * One first visit: the page, a wait (with a scroll down and back at its start, if asked), a tap
 * on the menu button; ms from the tap to the menu.
 */
async function firstTap(browser, url, waitMs, scroll) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.goto(url, { waitUntil: waitMs > 0 ? 'load' : 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length);
  if (scroll) {
    await page.mouse.wheel(0, 400);
    await page.mouse.wheel(0, -400);
  }
  if (waitMs > 0) await page.waitForTimeout(waitMs);
  const tapped = Date.now();
  await page.getByRole('button', { name: 'Open menu' }).tap({ timeout: 30_000 });
  await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 30_000 });
  const ms = Date.now() - tapped;
  await context.close();
  return ms;
}

await firstVisitBench(
  { prefix: 'first-tap', port: 3381, baseline, chromePath },
  async (browser, targets) => {
    const cases = [
      ['at the first paint', 0, false],
      [`after reading ${readMs / 1000} s`, readMs, false],
      [`after a scroll and ${readMs / 1000} s`, readMs, true],
    ];
    for (const t of targets)
      for (const path of t.paths) await firstTap(browser, t.origin + path, 0);
    const results = new Map();
    for (let round = 1; round <= rounds; round += 1) {
      for (const [index] of targets[0].paths.entries()) {
        for (const [label, waitMs, scroll] of cases) {
          for (const t of targets) {
            const ms = await firstTap(browser, t.origin + t.paths[index], waitMs, scroll);
            const key = `${t.name}|${index}|${label}`;
            results.set(key, [...(results.get(key) ?? []), ms]);
            console.log(`round ${round} ${t.name} ${t.paths[index]} ${label}: ${ms} ms`);
          }
        }
      }
    }
    const rows = targets.flatMap((t) =>
      FIRST_VISIT_PAGES.flatMap((page, index) =>
        cases.map(([label]) => {
          const all = results.get(`${t.name}|${index}|${label}`);
          return [t.name, page, label, String(Math.round(median(all))), all.join(' ')];
        }),
      ),
    );
    console.log(
      `\nA first visit's first tap on the menu button, ${slowdown}× CPU slowdown (Chromium's throttling), 390 px with touch, medians of ${rounds}:\n`,
    );
    console.log(
      markdownTable(
        ['server', 'page', 'tapped', 'ms to the menu', 'each run'],
        ['l', 'l', 'l', 'r', 'l'],
        rows,
      ),
    );
  },
);
