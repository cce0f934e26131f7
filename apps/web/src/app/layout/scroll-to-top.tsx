import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was scrolled to, by its location key, for Back and Forward. */
const positions = new Map<string, number>();
/** How long a smooth scroll to the top keeps after its place. */
const SCROLL_FOR_MS = 2_000;
/**
 * How long a restored position (Back, Forward) waits for the page to grow tall enough to show it
 * (the collection's cards drawn again from the cache, its route's code loaded): on a slow phone,
 * or a busy machine, that takes longer than a smooth scroll, and giving up left the shopper at
 * the top of a long list. The shopper's own scrolling still stops it at once.
 */
const RESTORE_FOR_MS = 6_000;
/** Frames a smooth scroll may stand still before it is taken to have stopped short. */
const STALLED_FRAMES = 3;
/** What the shopper does to scroll for themselves, which stops any scroll the app is making. */
const SHOPPER_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Take the page to `top` and keep it going there until it is there, the shopper scrolls, or
 * SCROLL_FOR_MS (smoothly) or RESTORE_FOR_MS (instantly) passes. Instantly, it holds the place while the page grows tall enough to show it.
 * Smoothly, it starts the browser's smooth scroll again wherever one stopped short: the page
 * changing under it (the new page's answers arriving, images, scroll anchoring) can end it
 * midway, which left a page opened from the footer half a screen down. If it has still not got
 * there in time (the shopper never touching the page), it jumps. Returns a function that stops it.
 */
function scrollTowards(top: number, smooth: boolean): () => void {
  const behavior: ScrollBehavior = smooth && !reducedMotion() ? 'smooth' : 'instant';
  const started = performance.now();
  let frame = 0;
  let last = Number.NaN;
  let still = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of SHOPPER_SCROLLS) window.removeEventListener(type, stop);
  };
  const step = () => {
    const here = window.scrollY;
    if (Math.abs(here - top) < 2) return stop();
    if (performance.now() - started > (behavior === 'smooth' ? SCROLL_FOR_MS : RESTORE_FOR_MS)) {
      if (behavior === 'smooth') window.scrollTo({ top, behavior: 'instant' });
      return stop();
    }
    // Instantly, every frame; smoothly, only once the last scroll has stood still for a few
    // frames (one that has only just been asked for may not have moved yet).
    still = here === last ? still + 1 : 0;
    last = here;
    if (behavior === 'instant' || still >= STALLED_FRAMES) {
      window.scrollTo({ top, behavior });
      still = 0;
    }
    frame = requestAnimationFrame(step);
  };
  for (const type of SHOPPER_SCROLLS) window.addEventListener(type, stop, { passive: true });
  window.scrollTo({ top, behavior });
  last = window.scrollY;
  frame = requestAnimationFrame(step);
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
    return saved === undefined ? scrollTowards(0, true) : scrollTowards(saved, false);
  }, [pathname, key, navigationType]);

  return null;
}
