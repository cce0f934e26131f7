import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_MESSAGES, isOperator, mayOpen, type ConsoleArea, type User } from '@pehnava/shared';
import {
  CalendarRange,
  ChartColumn,
  ClipboardList,
  DoorOpen,
  MapPinOff,
  MessagesSquare,
  ScanLine,
  Shirt,
  ShieldAlert,
  Sun,
  TicketPercent,
  Users,
} from 'lucide-react';
import { Suspense, lazy, useState, type FormEvent, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { Link, NavLink } from '../lib/link';
import { ApiError } from '../lib/api-client';
import { endSession, startSession, useToken } from '../lib/session';
import { CONSOLE_MESSAGES, consoleProfileQuery, signIn } from './api';
import { PhoneBar } from './console-nav';
import type { AreaLink } from './phone-bar';
import { Failed, INPUT, LABEL, Loading, PRIMARY, SECONDARY, useConsoleTitle } from './ui';
import './console.css';

const TodayScreen = lazy(() => import('./today').then((m) => ({ default: m.TodayScreen })));
const DispatchesScreen = lazy(() =>
  import('./dispatches').then((m) => ({ default: m.DispatchesScreen })),
);
const CheckInScreen = lazy(() => import('./check-in').then((m) => ({ default: m.CheckInScreen })));
const BookingsScreen = lazy(() =>
  import('./bookings').then((m) => ({ default: m.BookingsScreen })),
);
const BookingScreen = lazy(() => import('./booking').then((m) => ({ default: m.BookingScreen })));
const CatalogueScreen = lazy(() =>
  import('./catalogue').then((m) => ({ default: m.CatalogueScreen })),
);
const ProductEditorScreen = lazy(() =>
  import('./product-editor').then((m) => ({ default: m.ProductEditorScreen })),
);
const UnitsScreen = lazy(() => import('./units').then((m) => ({ default: m.UnitsScreen })));
const SlipsScreen = lazy(() => import('./slips').then((m) => ({ default: m.SlipsScreen })));
const TagsScreen = lazy(() => import('./tags').then((m) => ({ default: m.TagsScreen })));
const CouponsScreen = lazy(() => import('./coupons').then((m) => ({ default: m.CouponsScreen })));
const NewCouponScreen = lazy(() =>
  import('./coupon-form').then((m) => ({ default: m.NewCouponScreen })),
);
const EditCouponScreen = lazy(() =>
  import('./coupon-form').then((m) => ({ default: m.EditCouponScreen })),
);
const ReportsScreen = lazy(() => import('./reports').then((m) => ({ default: m.ReportsScreen })));
const MoreScreen = lazy(() => import('./more').then((m) => ({ default: m.MoreScreen })));
const CustomersScreen = lazy(() =>
  import('./customers').then((m) => ({ default: m.CustomersScreen })),
);
const CustomerScreen = lazy(() =>
  import('./customer').then((m) => ({ default: m.CustomerScreen })),
);
const PincodesScreen = lazy(() =>
  import('./pincodes').then((m) => ({ default: m.PincodesScreen })),
);
const ReviewsScreen = lazy(() => import('./reviews').then((m) => ({ default: m.ReviewsScreen })));

/** The console's areas with a screen, in the order of its navigation. */
const AREAS: (AreaLink & { area: ConsoleArea })[] = [
  { area: 'today', to: '/admin', label: 'Today', icon: Sun },
  { area: 'bookings', to: '/admin/bookings', label: 'Bookings', icon: ClipboardList },
  { area: 'check-in', to: '/admin/check-in', label: 'Check-in', icon: ScanLine },
  { area: 'units', to: '/admin/units', label: 'Units', icon: CalendarRange },
  { area: 'catalogue', to: '/admin/catalogue', label: 'Catalogue', icon: Shirt },
  { area: 'coupons', to: '/admin/coupons', label: 'Coupons', icon: TicketPercent },
  { area: 'customers', to: '/admin/customers', label: 'Customers', icon: Users },
  { area: 'reviews', to: '/admin/reviews', label: 'Reviews', icon: MessagesSquare },
  { area: 'reports', to: '/admin/reports', label: 'Reports', icon: ChartColumn },
  { area: 'pincodes', to: '/admin/pincodes', label: 'Pincodes', icon: MapPinOff },
];

/** The areas this role may open, in the navigation's order. */
const areasFor = (user: User) => AREAS.filter(({ area }) => mayOpen(user.role, area));

/**
 * /admin: the operator console (issue [K]), its own lazy chunk and stylesheet. A visitor gets the
 * console's sign-in; a shopper a clear 'not allowed' page; staff and admins the console, each
 * area only as their role allows (the API refuses the rest either way).
 */
export function ConsoleApp() {
  const token = useToken();
  if (!token) return <SignIn />;
  return <SignedIn token={token} />;
}

function SignedIn({ token }: { token: string }) {
  const profile = useQuery(consoleProfileQuery(token));
  if (profile.isPending) return <Loading label="Opening the console" />;
  if (profile.isError) {
    return (
      <main className="mx-auto max-w-md px-4 py-16">
        <Failed message={profile.error.message} onRetry={() => void profile.refetch()} />
      </main>
    );
  }
  const user = profile.data;
  if (!isOperator(user.role)) return <NotAllowed user={user} reason={ADMIN_MESSAGES.adminsOnly} />;
  return (
    <ConsoleFrame user={user}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route
            index
            element={<Area user={user} area="today" screen={<TodayScreen user={user} />} />}
          />
          <Route
            path="dispatches"
            element={<Area user={user} area="today" screen={<DispatchesScreen />} />}
          />
          <Route
            path="bookings"
            element={<Area user={user} area="bookings" screen={<BookingsScreen />} />}
          />
          <Route
            path="bookings/:id"
            element={<Area user={user} area="bookings" screen={<BookingScreen user={user} />} />}
          />
          <Route
            path="slips"
            element={<Area user={user} area="bookings" screen={<SlipsScreen />} />}
          />
          <Route
            path="check-in"
            element={<Area user={user} area="check-in" screen={<CheckInScreen />} />}
          />
          <Route
            path="units"
            element={<Area user={user} area="units" screen={<UnitsScreen />} />}
          />
          <Route path="tags" element={<Area user={user} area="units" screen={<TagsScreen />} />} />
          <Route
            path="catalogue"
            element={<Area user={user} area="catalogue" screen={<CatalogueScreen />} />}
          />
          <Route
            path="catalogue/new"
            element={<Area user={user} area="catalogue" screen={<ProductEditorScreen />} />}
          />
          <Route
            path="catalogue/:id"
            element={<Area user={user} area="catalogue" screen={<ProductEditorScreen />} />}
          />
          <Route
            path="coupons"
            element={<Area user={user} area="coupons" screen={<CouponsScreen />} />}
          />
          <Route
            path="coupons/new"
            element={<Area user={user} area="coupons" screen={<NewCouponScreen />} />}
          />
          <Route
            path="coupons/:id"
            element={<Area user={user} area="coupons" screen={<EditCouponScreen />} />}
          />
          <Route
            path="reports"
            element={<Area user={user} area="reports" screen={<ReportsScreen />} />}
          />
          <Route
            path="pincodes"
            element={<Area user={user} area="pincodes" screen={<PincodesScreen />} />}
          />
          <Route
            path="reviews"
            element={<Area user={user} area="reviews" screen={<ReviewsScreen />} />}
          />
          <Route path="more" element={<MoreScreen areas={areasFor(user)} />} />
          <Route
            path="customers"
            element={<Area user={user} area="customers" screen={<CustomersScreen />} />}
          />
          <Route
            path="customers/:id"
            element={<Area user={user} area="customers" screen={<CustomerScreen user={user} />} />}
          />
          <Route path="*" element={<NoSuchScreen />} />
        </Routes>
      </Suspense>
    </ConsoleFrame>
  );
}

function Area({ user, area, screen }: { user: User; area: ConsoleArea; screen: ReactNode }) {
  if (!mayOpen(user.role, area)) {
    return <Refused title="Not for this login" text={ADMIN_MESSAGES.needsAdmin} />;
  }
  return screen;
}

function NoSuchScreen() {
  useConsoleTitle('Not found');
  return <Refused title="No such screen" text="This address is not part of the console." />;
}

function Refused({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto max-w-md rounded-xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-black/5">
      <ShieldAlert size={32} className="mx-auto text-maroon-700" aria-hidden />
      <h1 className="mt-3 font-display text-2xl text-maroon-900">{title}</h1>
      <p className="mt-2 text-stone-700">{text}</p>
      <Link to="/admin" className={`${SECONDARY} mt-6`}>
        Back to Today
      </Link>
    </div>
  );
}

function ConsoleFrame({ user, children }: { user: User; children: ReactNode }) {
  const client = useQueryClient();
  const areas = areasFor(user);
  const signOut = () => {
    endSession('logout');
    client.removeQueries({ queryKey: ['console'] });
  };
  return (
    <div className="min-h-screen pb-20 xl:pb-0 print:min-h-0 print:pb-0">
      <header className="console-no-print bg-maroon-900 text-white">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 sm:px-6">
          <Link
            to="/admin"
            className="flex min-h-11 items-center font-display text-lg focus-visible:outline-2 focus-visible:outline-gold-300"
          >
            Pehnava <span className="ml-1.5 text-gold-300">Ops</span>
          </Link>
          {/* The bar in the header from a desk's width up: below it, the areas do not fit beside
              the sign-out, so tablets get the bottom bar (with More) as phones do. */}
          <nav aria-label="Console" className="hidden flex-1 gap-1 xl:flex">
            {areas.map(({ to, label, icon: Icon }) => (
              <NavLink
                key={to}
                to={to}
                end={to === '/admin'}
                className={({ isActive }) =>
                  `flex min-h-11 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-gold-300 ${
                    isActive ? 'bg-white/15 text-white' : 'text-maroon-50 hover:bg-white/10'
                  }`
                }
              >
                <Icon size={16} aria-hidden />
                {label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2 text-sm">
            <span className="hidden text-maroon-50 2xl:inline">
              {user.email} · <span className="text-gold-300">{user.role}</span>
            </span>
            <button
              type="button"
              onClick={signOut}
              className="flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-maroon-50 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-gold-300"
            >
              <DoorOpen size={16} aria-hidden />
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-3 py-5 sm:px-6 sm:py-8 print:max-w-none print:p-0">
        {children}
      </main>
      <PhoneBar areas={areas} />
    </div>
  );
}

function NotAllowed({ user, reason }: { user: User; reason: string }) {
  useConsoleTitle('Not allowed');
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-black/5">
        <ShieldAlert size={36} className="mx-auto text-maroon-700" aria-hidden />
        <h1 className="mt-3 font-display text-2xl text-maroon-900">Not allowed</h1>
        <p className="mt-2 text-stone-700">{reason}.</p>
        <p className="mt-1 text-sm text-stone-600">You are signed in as {user.email}.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/" className={PRIMARY}>
            Back to the shop
          </Link>
          <button type="button" className={SECONDARY} onClick={() => endSession('logout')}>
            Sign in as someone else
          </button>
        </div>
      </div>
    </main>
  );
}

function SignIn() {
  useConsoleTitle('Sign in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      startSession((await signIn(email.trim(), password)).token);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : CONSOLE_MESSAGES.signInFailed);
      setBusy(false);
    }
  };
  return (
    <main className="mx-auto max-w-sm px-4 py-16">
      <h1 className="font-display text-3xl text-maroon-900">
        Pehnava <span className="text-maroon-700">Ops</span>
      </h1>
      <p className="mt-1 text-stone-700">Sign in with your staff or admin login.</p>
      <form
        onSubmit={(event) => void submit(event)}
        className="mt-6 space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-black/5"
      >
        <div>
          <label htmlFor="console-email" className={LABEL}>
            E-mail
          </label>
          <input
            id="console-email"
            type="email"
            required
            autoComplete="username"
            className={`${INPUT} mt-1.5`}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="console-password" className={LABEL}>
            Password
          </label>
          <input
            id="console-password"
            type="password"
            required
            autoComplete="current-password"
            className={`${INPUT} mt-1.5`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <button type="submit" className={`${PRIMARY} w-full`} disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
