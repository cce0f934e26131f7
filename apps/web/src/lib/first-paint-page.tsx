import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * What the first HTML drew in the page's place, where it drew more than an empty space (a product
 * page's picture, the collection's first cards: first-paint.tsx), kept when the app starts. The
 * page's placeholders show it until the page is there, so the pictures do not blink out while the
 * page's script and data load. Kept for the address with its query (the collection's depends on
 * it).
 */
let kept: { address: string; html: string } | undefined;

/** Call once, before the app replaces the first paint inside `root`. */
export function keepFirstPaintPage(root: HTMLElement): void {
  const page = root.querySelector('[data-first-paint] [data-first-paint-page]');
  if (page) {
    kept = { address: window.location.pathname + window.location.search, html: page.innerHTML };
  }
}

/**
 * At the address the app started on, the first paint's drawing of the page (as inert as the
 * first paint was); anywhere else, `children`.
 */
export function FirstPaintPage({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (kept?.address !== pathname + search) return children;
  return <div inert aria-hidden="true" dangerouslySetInnerHTML={{ __html: kept.html }} />;
}
