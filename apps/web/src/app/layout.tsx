import { Outlet } from 'react-router';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { PromoBanner } from './layout/promo-banner';
import { ScrollToTop } from './layout/scroll-to-top';

export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <ScrollToTop />
      <PromoBanner />
      <Header />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
