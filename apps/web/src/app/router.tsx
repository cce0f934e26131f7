import { Suspense, lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { HomePage } from '../routes/home';
import { Layout } from './layout';

// The home page is in the first bundle; every other page loads when visited.
const CollectionPage = lazy(() =>
  import('../routes/collection').then((m) => ({ default: m.CollectionPage })),
);
const ProductPage = lazy(() =>
  import('../routes/product').then((m) => ({ default: m.ProductPage })),
);
const AboutPage = lazy(() => import('../routes/about').then((m) => ({ default: m.AboutPage })));
const ContactPage = lazy(() =>
  import('../routes/contact').then((m) => ({ default: m.ContactPage })),
);
const TermsPage = lazy(() => import('../routes/terms').then((m) => ({ default: m.TermsPage })));
const WarrantyPage = lazy(() =>
  import('../routes/privacy').then((m) => ({ default: m.WarrantyPage })),
);
const RefundPage = lazy(() => import('../routes/refund').then((m) => ({ default: m.RefundPage })));
const LoginPage = lazy(() => import('../routes/login').then((m) => ({ default: m.LoginPage })));
const ProfilePage = lazy(() =>
  import('../routes/profile').then((m) => ({ default: m.ProfilePage })),
);
const CartPage = lazy(() => import('../routes/cart').then((m) => ({ default: m.CartPage })));
const PlaceOrderPage = lazy(() =>
  import('../routes/place-order').then((m) => ({ default: m.PlaceOrderPage })),
);
const OrdersPage = lazy(() => import('../routes/orders').then((m) => ({ default: m.OrdersPage })));
const VerifyPage = lazy(() => import('../routes/verify').then((m) => ({ default: m.VerifyPage })));
const WishlistPage = lazy(() =>
  import('../routes/wishlist').then((m) => ({ default: m.WishlistPage })),
);
const SubscriptionPlansPage = lazy(() =>
  import('../routes/subscription-plans').then((m) => ({ default: m.SubscriptionPlansPage })),
);
/** The operator console (issue [K]): its own chunk and stylesheet, never part of the shop's. */
const ConsoleApp = lazy(() =>
  import('../admin/console-app').then((m) => ({ default: m.ConsoleApp })),
);
const NotFoundPage = lazy(() =>
  import('../routes/not-found').then((m) => ({ default: m.NotFoundPage })),
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
