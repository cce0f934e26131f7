import { useCallback, useEffect, useRef, useState } from 'react';

/** The first change comes this long after the pointer arrives, then one every CARD_SLIDE_MS. */
export const CARD_SLIDE_DELAY_MS = 500;
export const CARD_SLIDE_MS = 2_000;

/**
 * While hovered, cycle through a card's images (only when it has more than one); back to the first
 * when the pointer leaves.
 */
export function useCardImageSlider(imageCount: number) {
  const [index, setIndex] = useState(0);
  const timers = useRef<{
    delay?: ReturnType<typeof setTimeout>;
    every?: ReturnType<typeof setInterval>;
  }>({});

  const stop = useCallback(() => {
    clearTimeout(timers.current.delay);
    clearInterval(timers.current.every);
    timers.current = {};
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(() => {
    if (imageCount < 2) return;
    stop();
    const next = () => setIndex((i) => (i + 1) % imageCount);
    timers.current.delay = setTimeout(() => {
      next();
      timers.current.every = setInterval(next, CARD_SLIDE_MS);
    }, CARD_SLIDE_DELAY_MS);
  }, [imageCount, stop]);

  const reset = useCallback(() => {
    stop();
    setIndex(0);
  }, [stop]);

  return { index, start, reset };
}
