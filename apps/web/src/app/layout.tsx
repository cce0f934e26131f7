import { Suspense, lazy, useState } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { TakenOver } from '../lib/hydration';
import { lazyWithQueries } from '../lib/lazy-with-queries';
import { Header } from './layout/header';
import { PromoBanner } from './layout/promo-banner';
import { ScrollToTop } from './layout/scroll-to-top';
import { getToken, useToken } from '../lib/session';
import { SEARCH_PARAM, SearchProvider, useSearchToggle } from './layout/search-context';

const SearchBar = lazyWithQueries('SearchBar', () =>
  import('./layout/search-bar').then((m) => m.SearchBar),
);

/**
 * The search bar shows only on a path containing 'collection', while search is toggled on or a
 * search is applied (a shared or reloaded link, Back): a search always has its box in view.
 */
function SearchBarSlot() {
  const { showSearch } = useSearchToggle();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (!pathname.includes('collection') || !(showSearch || params.has(SEARCH_PARAM))) return null;
  return (
    <Suspense fallback={<div className="h-16 border-b border-black/5 bg-white" />}>
      <SearchBar />
    </Suspense>
  );
}

const SessionWatcher = lazy(() =>
  import('./session-watcher').then((m) => ({ default: m.SessionWatcher })),
);

/**
 * The session's watcher (app/session-watcher.tsx), loaded with the first session the page sees
 * (at start, or at a login) and kept from then on, so it sees the session end; a visitor's pages
 * never load it. It draws nothing.
 */
function Session() {
  const token = useToken();
  const [startToken] = useState(getToken);
  const [seen, setSeen] = useState(false);
  if (token && !seen) setSeen(true);
  if (!seen) return null;
  return (
    <Suspense fallback={null}>
      <SessionWatcher startToken={startToken} />
    </Suspense>
  );
}

/** Below the fold on every page, so it loads after the first paint. */
const Footer = lazyWithQueries('Footer', () => import('./layout/footer').then((m) => m.Footer));

export function Layout() {
  return (
    <SearchProvider>
      <div className="flex min-h-screen flex-col">
        <ScrollToTop />
        <Session />
        <PromoBanner />
        <Header />
        <SearchBarSlot />
        {/* The footer comes with the page, never before it: shown under a page that has not
            arrived yet, it would be pushed out of view when the page does (a layout shift). */}
        <Suspense fallback={<div className="min-h-[60vh] flex-1" aria-busy="true" />}>
          <div className="flex-1">
            <Outlet />
          </div>
          <Suspense fallback={<div className="h-96 bg-maroon-900" />}>
            <Footer />
          </Suspense>
          <TakenOver />
        </Suspense>
      </div>
    </SearchProvider>
  );
}
