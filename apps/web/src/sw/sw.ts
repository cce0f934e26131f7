/**
 * Pehnava's service worker (issue [P] §4, decision 084), built with Workbox by vite-plugin-pwa
 * (build/installable.ts) into /sw.js. The rules of what it may answer from a cache are policy.ts's.
 *
 * Updates: a new build's /sw.js differs from the old (its precache list carries the offline
 * page's and icons' revisions, and Workbox's own code), the browser fetches it past any HTTP cache
 * on the next navigation, and the new worker takes over at once (skipWaiting, clientsClaim). A
 * shopper is never held on an old build, because pages always come from the network when it
 * answers, and a page's scripts are named by their content.
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { CACHE_LIMITS, CACHE_NAMES, OFFLINE_PAGE, fileCache, pagePolicy } from './policy';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

self.skipWaiting();
clientsClaim();

// The offline page and the shop's icons, fetched when the worker installs.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A navigation's request starts while the worker wakes up, not after.
navigationPreload.enable();

/** Only whole, successful answers are kept (never an error page or an opaque answer). */
const okOnly = () => new CacheableResponsePlugin({ statuses: [200] });

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && sameOrigin(url) && pagePolicy(url.pathname) === 'network-first',
  new NetworkFirst({
    cacheName: CACHE_NAMES.pages,
    plugins: [okOnly(), new ExpirationPlugin(CACHE_LIMITS.pages)],
  }),
);

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && sameOrigin(url) && pagePolicy(url.pathname) === 'network-only',
  new NetworkOnly(),
);

for (const kind of ['assets', 'images'] as const) {
  registerRoute(
    ({ request, url }) =>
      request.method === 'GET' && sameOrigin(url) && fileCache(url.pathname) === kind,
    new CacheFirst({
      cacheName: CACHE_NAMES[kind],
      plugins: [okOnly(), new ExpirationPlugin({ ...CACHE_LIMITS[kind], purgeOnQuotaError: true })],
    }),
  );
}

// A page that neither the network nor the cache can give: the offline page, in its place.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const offline = await matchPrecache(OFFLINE_PAGE);
    if (offline) return offline;
  }
  return Response.error();
});

// Caches of an earlier version of these rules are emptied once this worker is in charge.
self.addEventListener('activate', (event) => {
  const current = new Set<string>(Object.values(CACHE_NAMES));
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('pehnava-') && !current.has(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});
