import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { Header } from './layout/header';
import { PromoBanner } from './layout/promo-banner';
import { ScrollToTop } from './layout/scroll-to-top';

/** Below the fold on every page, so it loads after the first paint. */
const Footer = lazy(() => import('./layout/footer').then((m) => ({ default: m.Footer })));

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <PromoBanner />
      <Header />
      <div className="flex-1">
        <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </div>
      <Suspense fallback={<div className="h-96 bg-maroon-900" />}>
        <Footer />
      </Suspense>
    </div>
  );
}
