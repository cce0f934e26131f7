import { expect, type Page } from '@playwright/test';

/*
 * Toasts close by themselves after 2 seconds (lib/toaster.tsx). Polling the page for one from the
 * test runner can miss it on a slow or busy machine: the page is busy loading a route while the
 * toast comes and goes between two polls. So every page records, from inside, each toast it
 * shows (an init script the fixtures add), and a test asks whether a toast was shown. Each
 * assertion takes the toast it matched, so a message shown once satisfies one assertion only.
 */

interface ShownToast {
  element: Element;
  text: string;
  taken: boolean;
}

declare global {
  interface Window {
    __pehnavaToasts?: ShownToast[];
  }
}

/**
 * The init script: keep each toast the page shows. Only added nodes are looked at (a toast is
 * an element sonner adds), so a busy page pays next to nothing for it; a toast's text is read
 * again while it is on the page, and kept once it has gone.
 */
export function recordToasts(): void {
  const shown: ShownToast[] = [];
  const known = new WeakSet<Element>();
  window.__pehnavaToasts = shown;
  const keep = (element: Element) => {
    if (known.has(element)) return;
    known.add(element);
    shown.push({ element, text: (element.textContent ?? '').trim(), taken: false });
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches('[data-sonner-toast]')) keep(node);
        else if (node.firstElementChild) node.querySelectorAll('[data-sonner-toast]').forEach(keep);
      }
    }
    for (const toast of shown) {
      if (toast.element.isConnected) toast.text = (toast.element.textContent ?? '').trim();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The texts of the toasts this page has shown so far (since its document loaded). */
export const toastsShown = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window.__pehnavaToasts ?? []).map((toast) => toast.text));

/**
 * The page showed a toast saying `text` (part of its text, or a pattern) that no earlier
 * assertion took; it is taken by this one.
 */
export async function expectToast(page: Page, text: string | RegExp, timeout = 10_000) {
  const wanted =
    typeof text === 'string'
      ? { kind: 'text' as const, value: text }
      : { kind: 'pattern' as const, value: text.source, flags: text.flags };
  await expect
    .poll(
      () =>
        page.evaluate((want) => {
          const matches = (shown: string) =>
            want.kind === 'text'
              ? shown.includes(want.value)
              : new RegExp(want.value, want.flags).test(shown);
          const toast = (window.__pehnavaToasts ?? []).find((t) => !t.taken && matches(t.text));
          if (toast) toast.taken = true;
          return Boolean(toast);
        }, wanted),
      { message: `a toast saying ${String(text)}`, timeout },
    )
    .toBe(true);
}
