import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by its location key, for Back and Forward. */
const positions = new Map<string, number>();
/** How long a restored position waits for the page to grow tall enough (cards from the cache). */
const RESTORE_FOR_MS = 2_000;

/**
 * Keep the page at `top` until the page is tall enough to show it, or the shopper scrolls,
 * or RESTORE_FOR_MS passes. Returns a function that stops it.
 */
function restoreScroll(top: number): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
      window.removeEventListener(type, stop);
    }
  };
  const step = () => {
    window.scrollTo({ top, behavior: 'instant' });
    const reached = Math.abs(window.scrollY - top) < 2;
    if (reached || performance.now() - started > RESTORE_FOR_MS) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
    window.addEventListener(type, stop, { passive: true });
  }
  step();
  return stop;
}

/**
 * Each navigation to another page scrolls smoothly back to the top; Back and Forward return to
 * where the shopper was on that page (the collection's loaded cards come from the cache, so the
 * place is there to return to). The app keeps the positions itself: the browser's own restoring
 * would run before the page it restores has been drawn.
 */
export function ScrollToTop() {
  const { pathname, key } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef<string>(undefined);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // In the commit itself, so the page shrinking as it is swapped never counts as the old page's
  // place.
  useLayoutEffect(() => {
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key]);

  useEffect(() => {
    // A new search or filter on the same page keeps the place (preventScrollReset).
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    if (saved === undefined) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    return restoreScroll(saved);
  }, [pathname, key, navigationType]);

  return null;
}
