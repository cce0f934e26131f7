import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * What the first HTML drew in the page's place, where it drew more than an empty space (a product
 * page's picture, first-paint.tsx), kept when the app starts. The page's placeholders show it
 * until the page is there, so the picture does not blink out while the page's script loads.
 */
let kept: { path: string; html: string } | undefined;

/** Call once, before the app replaces the first paint inside `root`. */
export function keepFirstPaintPage(root: HTMLElement): void {
  const page = root.querySelector('[data-first-paint] [data-first-paint-page]');
  if (page) kept = { path: window.location.pathname, html: page.innerHTML };
}

/**
 * On the page the app started on, the first paint's drawing of it (as inert as the first paint
 * was); anywhere else, `children`.
 */
export function FirstPaintPage({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (kept?.path !== pathname) return children;
  return <div inert aria-hidden="true" dangerouslySetInnerHTML={{ __html: kept.html }} />;
}
