import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { HINDI_BASE, type Language } from '@pehnava/shared';
import { LanguageProvider } from '../i18n/messages';
import { AfterHydration } from '../lib/hydration';
import { lazyWithQueries } from '../lib/lazy-with-queries';
import { HomePage } from '../routes/home';
import { Layout } from './layout';

// The home page is in the first bundle; every other page loads when visited, with the query client
// (lib/lazy-with-queries.tsx).
const CollectionPage = lazyWithQueries('CollectionPage', () =>
  import('../routes/collection').then((m) => m.CollectionPage),
);
const ProductPage = lazyWithQueries('ProductPage', () =>
  import('../routes/product').then((m) => m.ProductPage),
);
const AboutPage = lazyWithQueries('AboutPage', () =>
  import('../routes/about').then((m) => m.AboutPage),
);
const ContactPage = lazyWithQueries('ContactPage', () =>
  import('../routes/contact').then((m) => m.ContactPage),
);
const TermsPage = lazyWithQueries('TermsPage', () =>
  import('../routes/terms').then((m) => m.TermsPage),
);
const WarrantyPage = lazyWithQueries('WarrantyPage', () =>
  import('../routes/privacy').then((m) => m.WarrantyPage),
);
const RefundPage = lazyWithQueries('RefundPage', () =>
  import('../routes/refund').then((m) => m.RefundPage),
);
const LoginPage = lazyWithQueries('LoginPage', () =>
  import('../routes/login').then((m) => m.LoginPage),
);
const ProfilePage = lazyWithQueries('ProfilePage', () =>
  import('../routes/profile').then((m) => m.ProfilePage),
);
const CartPage = lazyWithQueries('CartPage', () =>
  import('../routes/cart').then((m) => m.CartPage),
);
const PlaceOrderPage = lazyWithQueries('PlaceOrderPage', () =>
  import('../routes/place-order').then((m) => m.PlaceOrderPage),
);
const OrdersPage = lazyWithQueries('OrdersPage', () =>
  import('../routes/orders').then((m) => m.OrdersPage),
);
const ChooseForBookingPage = lazyWithQueries('ChooseForBookingPage', () =>
  import('../routes/choose').then((m) => m.ChooseForBookingPage),
);
const VerifyPage = lazyWithQueries('VerifyPage', () =>
  import('../routes/verify').then((m) => m.VerifyPage),
);
const WishlistPage = lazyWithQueries('WishlistPage', () =>
  import('../routes/wishlist').then((m) => m.WishlistPage),
);
const NotifyMePage = lazyWithQueries('NotifyMePage', () =>
  import('../routes/notify-me').then((m) => m.NotifyMePage),
);
const SubscriptionPlansPage = lazyWithQueries('SubscriptionPlansPage', () =>
  import('../routes/subscription-plans').then((m) => m.SubscriptionPlansPage),
);
/** The operator console (issue [K]): its own chunk and stylesheet, never part of the shop's. */
const ConsoleApp = lazyWithQueries('ConsoleApp', () =>
  import('../admin/console-app').then((m) => m.ConsoleApp),
);
const NotFoundPage = lazyWithQueries('NotFoundPage', () =>
  import('../routes/not-found').then((m) => m.NotFoundPage),
);

/**
 * What a page that depends on the session shows until the app has started (lib/hydration.tsx);
 * `data-needs-app` has the start script start the app after the first paint, not at the
 * shopper's first sign (build/start-after-paint.ts).
 */
const sessionPage = (page: ReactNode) => (
  <AfterHydration fallback={<div className="min-h-[60vh]" aria-busy="true" data-needs-app="" />}>
    {page}
  </AfterHydration>
);

/** Every page of the app, under whichever router is given: the browser's, or the server's. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="admin/*"
        element={
          <Suspense fallback={<div className="min-h-screen" aria-busy="true" />}>
            <ConsoleApp />
          </Suspense>
        }
      />
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="collection" element={<CollectionPage />} />
        <Route path="product/:productId" element={<ProductPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<WarrantyPage />} />
        <Route path="refund" element={<RefundPage />} />
        <Route path="login" element={sessionPage(<LoginPage />)} />
        <Route path="profile" element={sessionPage(<ProfilePage />)} />
        <Route path="cart" element={sessionPage(<CartPage />)} />
        <Route path="place-order" element={sessionPage(<PlaceOrderPage />)} />
        <Route path="orders" element={sessionPage(<OrdersPage />)} />
        <Route path="orders/:id/choose" element={sessionPage(<ChooseForBookingPage />)} />
        <Route path="verify" element={sessionPage(<VerifyPage />)} />
        <Route path="wishlist" element={sessionPage(<WishlistPage />)} />
        <Route path="notify-me" element={sessionPage(<NotifyMePage />)} />
        <Route path="subscription-plans" element={sessionPage(<SubscriptionPlansPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * The browser's router: a page under /hi is the Hindi shop, whose addresses all start there
 * (the router's basename, so the app's links and paths stay as they are). The language is the
 * address's for as long as the page lives: the language switch is a link that loads the other.
 */
export function AppRouter({ language }: { language: Language }) {
  return (
    <LanguageProvider value={language}>
      <BrowserRouter basename={language === 'hi' ? HINDI_BASE : undefined}>
        <AppRoutes />
      </BrowserRouter>
    </LanguageProvider>
  );
}
