/**
 * Generated images carry this version in their names so they can be cached for a year; bump it
 * when the drawings change (apps/api/src/db/seed/art).
 */
export const ART_VERSION = 2;
export const HERO_COUNT = 5;

/** Where the seed stores hero artwork `index` (0-based), relative to /images/. */
export function heroImageKey(index: number): string {
  return `hero/hero-${index + 1}-v${ART_VERSION}.svg`;
}

export function heroImageUrl(index: number): string {
  return `/images/${heroImageKey(index)}`;
}
