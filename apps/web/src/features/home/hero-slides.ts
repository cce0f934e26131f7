import { heroImageSrcSet, heroImageUrl } from '@pehnava/shared';

/** A slide: its picture; its words are the home page's messages `slide{n}Title` and so on. */
export interface HeroSlide {
  image: string;
  /** The picture at each width it is sent at, for the browser to take the one its screen needs. */
  srcSet: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [0, 1, 2, 3, 4].map((i) => ({
  image: heroImageUrl(i),
  srcSet: heroImageSrcSet(i),
}));

/** Progress per tick and tick length: +2% every 100 ms, so about 5 s a slide. */
export const HERO_PROGRESS_STEP = 2;
export const HERO_TICK_MS = 100;
