import { Suspense } from 'react';
import { BrowserRouter, Route, Routes, matchPath } from 'react-router';
import { lazyWithQueries } from '../lib/lazy-with-queries';
import { HomePage } from '../routes/home';
import { Layout } from './layout';

// The home page is in the first bundle; every other page loads when visited, with the query client
// (lib/lazy-with-queries.tsx).
const CollectionPage = lazyWithQueries(
  () => import('../routes/collection').then((m) => m.CollectionPage),
  async (client) =>
    (await import('../routes/collection')).prefetchCollectionPage(
      client,
      new URLSearchParams(window.location.search),
    ),
);
const ProductPage = lazyWithQueries(
  () => import('../routes/product').then((m) => m.ProductPage),
  async (client) => {
    const id = matchPath('/product/:productId', window.location.pathname)?.params.productId;
    if (id) await (await import('../routes/product')).prefetchProductPage(client, id);
  },
);
const AboutPage = lazyWithQueries(() => import('../routes/about').then((m) => m.AboutPage));
const ContactPage = lazyWithQueries(() => import('../routes/contact').then((m) => m.ContactPage));
const TermsPage = lazyWithQueries(() => import('../routes/terms').then((m) => m.TermsPage));
const WarrantyPage = lazyWithQueries(() => import('../routes/privacy').then((m) => m.WarrantyPage));
const RefundPage = lazyWithQueries(() => import('../routes/refund').then((m) => m.RefundPage));
const LoginPage = lazyWithQueries(() => import('../routes/login').then((m) => m.LoginPage));
const ProfilePage = lazyWithQueries(() => import('../routes/profile').then((m) => m.ProfilePage));
const CartPage = lazyWithQueries(() => import('../routes/cart').then((m) => m.CartPage));
const PlaceOrderPage = lazyWithQueries(() =>
  import('../routes/place-order').then((m) => m.PlaceOrderPage),
);
const OrdersPage = lazyWithQueries(() => import('../routes/orders').then((m) => m.OrdersPage));
const VerifyPage = lazyWithQueries(() => import('../routes/verify').then((m) => m.VerifyPage));
const WishlistPage = lazyWithQueries(() =>
  import('../routes/wishlist').then((m) => m.WishlistPage),
);
const SubscriptionPlansPage = lazyWithQueries(() =>
  import('../routes/subscription-plans').then((m) => m.SubscriptionPlansPage),
);
/** The operator console (issue [K]): its own chunk and stylesheet, never part of the shop's. */
const ConsoleApp = lazyWithQueries(() => import('../admin/console-app').then((m) => m.ConsoleApp));
const NotFoundPage = lazyWithQueries(() =>
  import('../routes/not-found').then((m) => m.NotFoundPage),
);

export function AppRouter() {
  return (
    <BrowserRouter>
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
          <Route path="login" element={<LoginPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="cart" element={<CartPage />} />
          <Route path="place-order" element={<PlaceOrderPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="verify" element={<VerifyPage />} />
          <Route path="wishlist" element={<WishlistPage />} />
          <Route path="subscription-plans" element={<SubscriptionPlansPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
