import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** The rules every scan runs: WCAG 2.1 A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Put axe-core into each frame of the page that does not have it yet. A document keeps it until
 * it is replaced, so a page scanned several times (a dialog opened, a tab changed) pays for the
 * 550 kB script once. (@axe-core/playwright evaluated it twice on every scan and finished each
 * scan in a new blank page, which was most of a scan's time on a small page.)
 */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => typeof window.axe?.run === 'function');
    if (present) continue;
    await frame.evaluate(axe.source);
    // As @axe-core/playwright configures it: frames of the page's own origin are scanned too.
    await frame.evaluate(() => window.axe.configure({ allowedOrigins: ['<same_origin>'] }));
  }
}

/**
 * Every serious or critical WCAG 2.1 A/AA problem axe finds on the page, one line each.
 *
 * `within` (a CSS selector) scans only that part of the page: a part that is the test's subject
 * (the payment sheet, a form). Page-wide rules (landmarks, the title, skip links) are then not run.
 * `exclude` leaves out elements scanned just before in the same visit and unchanged since, when a
 * page is scanned again after a change elsewhere on it (the whole catalogue under an opened
 * search bar); the page-wide rules still run.
 */
export async function seriousViolations(
  page: Page,
  { within, exclude }: { within?: string; exclude?: string } = {},
): Promise<string[]> {
  await injectAxe(page);
  for (let scan = 1; ; scan++) {
    const { lines, moving } = await scanOnce(page, { within, exclude });
    // A finding on an element that was still fading (a toast closing after its 2 s as the scan
    // ran) is of a moment no one reads: the page is scanned again at rest. One that stays is
    // reported, whatever moved.
    if (!moving || scan === MAX_SCANS) return lines;
  }
}

/** Scans of a page whose findings were on moving elements, before they are reported anyway. */
const MAX_SCANS = 3;

async function scanOnce(
  page: Page,
  { within, exclude }: { within?: string; exclude?: string },
): Promise<{ lines: string[]; moving: boolean }> {
  // What a shopper reads is the page at rest: a toast or a dialog caught halfway through fading
  // in has text of too little contrast that no one reads. Endless animations (a spinner, a
  // placeholder's shimmer) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const violations = await page.evaluate(
    async ({ tags, within, exclude }) => {
      // A selector as axe takes it; the whole document when neither is given.
      const part = (selector: string) => [[selector]];
      const context: axe.ElementContext = within
        ? { include: part(within), ...(exclude ? { exclude: part(exclude) } : {}) }
        : exclude
          ? { exclude: part(exclude) }
          : document;
      const results = await window.axe.run(context, {
        runOnly: { type: 'tag', values: tags },
      });
      /**
       * Whether the element, or one it is drawn in, has a finite animation running now, or it has
       * left the page while it was scanned (a toast that closed).
       */
      const moving = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) return true;
        for (let at: Element | null = element; at; at = at.parentElement) {
          const finite = at
            .getAnimations()
            .some((a) => a.effect?.getComputedTiming().endTime !== Infinity);
          if (finite) return true;
        }
        return false;
      };
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => n.target.join(' ')),
        moving: v.nodes.some((n) => n.target.length === 1 && moving(String(n.target[0]))),
      }));
    },
    { tags: TAGS, within, exclude },
  );
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return {
    lines: serious.flatMap((v) => v.targets.map((target) => `${v.id} (${v.impact}): ${target}`)),
    moving: serious.some((v) => v.moving),
  };
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
