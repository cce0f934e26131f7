/**
 * What the service worker (sw.ts, decision 084) may answer from its caches, as pure
 * functions of an address, so the browser tests and unit tests read the same rules it runs.
 *
 * - **Pages anyone may read** (the shop's front, the collection, a product, the policy pages):
 *   from the network first, each kept as it was last sent, so a shopper who loses the signal can
 *   still read what they opened. They are the same for every shopper (a session lives in the
 *   browser, never in the page), so nothing private is kept.
 * - **Every other page** (sign-in, cart, checkout, payment, My Bookings, the profile, plans, the
 *   console): from the network only, never from a cache; offline, the offline page says so.
 * - **Built scripts and stylesheets** (`/assets/`, names hashed by content) and **pictures**
 *   (`/images/`): from the cache first, fetched once; a new build has new names, so a cached file
 *   is never out of date.
 * - **The API** is never answered by the service worker: every answer is the server's own.
 */

/** Cache Storage names; a version change empties the old caches on activation. */
export const CACHE_NAMES = {
  pages: 'pehnava-pages-v1',
  assets: 'pehnava-assets-v1',
  images: 'pehnava-images-v1',
} as const;

/** The page shown for an address that cannot be answered offline (apps/web/public). */
export const OFFLINE_PAGE = '/offline.html';

/** How many of each kind the caches keep (the oldest used go first), and for how long. */
export const CACHE_LIMITS = {
  pages: { maxEntries: 40, maxAgeSeconds: 7 * 24 * 60 * 60 },
  assets: { maxEntries: 200, maxAgeSeconds: 60 * 24 * 60 * 60 },
  images: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
} as const;

/** A page's address without a leading `/hi` (the Hindi pages follow the same rules). */
function withoutLanguage(pathname: string): string {
  if (pathname === '/hi') return '/';
  return pathname.startsWith('/hi/') ? pathname.slice(3) : pathname;
}

const READABLE_PAGES = new Set([
  '/',
  '/collection',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/refund',
]);
const PRODUCT_PAGE = /^\/product\/[^/]+$/;

/**
 * How a navigation to `pathname` is answered: 'network-first' for a page anyone may read (kept
 * for offline reading), 'network-only' for everything else.
 */
export function pagePolicy(pathname: string): 'network-first' | 'network-only' {
  const path = withoutLanguage(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  return READABLE_PAGES.has(path) || PRODUCT_PAGE.test(path) ? 'network-first' : 'network-only';
}

/** Which cache a same-origin GET of `pathname` that is not a navigation belongs in, if any. */
export function fileCache(pathname: string): 'assets' | 'images' | undefined {
  if (pathname.startsWith('/assets/') && !pathname.endsWith('.map')) return 'assets';
  if (pathname.startsWith('/images/')) return 'images';
  return undefined;
}
