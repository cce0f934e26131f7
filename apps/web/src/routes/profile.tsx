import { PROFILE_META } from '@pehnava/shared';
import { Crown, ShieldCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import {
  paidBookings,
  useBookings,
  useCartCount,
  useProfile,
  useSubscription,
  useWishlist,
} from '../lib/shopper';
import { ProfileCard } from '../features/account/profile-card';
import { ProfileOverview } from '../features/account/profile-overview';
import { ProfileSecurity } from '../features/account/profile-security';
import { ProfileSubscription } from '../features/account/profile-subscription';
import { WhatsAppUpdates } from '../features/account/whatsapp-updates';
import { useShopperMessage } from '../i18n/api-messages';
import { useMessages } from '../i18n/messages';
import { profileMessages } from '../i18n/profile';
import { usePageMeta } from '../lib/page-meta';
import { getToken, useToken } from '../lib/session';

/** The tabs, with their names' keys in the profile's messages. */
const TABS = [
  { id: 'overview', label: 'tabOverview', icon: UserRound },
  { id: 'subscription', label: 'tabSubscription', icon: Crown },
  { id: 'security', label: 'tabSecurity', icon: ShieldCheck },
] as const;
type Tab = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is Tab => TABS.some((t) => t.id === value);

/** /profile: needs a session (else /login); the tab is kept in the address (?tab=security). */
export function ProfilePage() {
  usePageMeta(PROFILE_META);
  const m = useMessages(profileMessages);
  const token = useToken();
  const profile = useProfile();
  const loadProblem = useShopperMessage(profile.error?.message ?? '');
  const { data: subscription } = useSubscription();
  const wishlistCount = useWishlist().data?.length ?? 0;
  const cartCount = useCartCount();
  const bookings = useBookings().data;
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'overview';
  const show = (next: Tab) =>
    setParams(next === 'overview' ? {} : { tab: next }, { replace: true });

  // A visitor is sent to log in. A session that ends here (logout, expiry, deletion) is followed
  // by its own navigation, which this page must not overrule.
  const [arrivedSignedIn] = useState(() => Boolean(getToken()));
  if (!token) return arrivedSignedIn ? null : <Navigate to="/login" replace />;
  if (profile.isPending) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-16 text-center text-stone-600" aria-busy="true">
        {m.loadingProfile()}
      </main>
    );
  }
  if (profile.isError) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <p role="alert" className="text-red-700">
          {loadProblem}
        </p>
        <button
          type="button"
          className="mt-6 rounded-full bg-maroon-700 px-6 py-3 text-sm font-medium text-white hover:bg-maroon-900"
          onClick={() => void profile.refetch()}
        >
          {m.tryAgain()}
        </button>
      </main>
    );
  }

  const user = profile.data;
  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 md:grid-cols-[300px_1fr] md:py-12">
      <ProfileCard
        user={user}
        subscription={subscription}
        bookingsCount={bookings && paidBookings(bookings).length}
        wishlistCount={wishlistCount}
        cartCount={cartCount}
      />
      <div className="min-w-0 rounded-3xl bg-white shadow-sm ring-1 ring-black/5">
        <div
          role="tablist"
          aria-label={m.sections()}
          className="flex overflow-x-auto border-b border-stone-100 px-2 sm:px-4"
        >
          {TABS.map(({ id, label, icon: Icon }) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`profile-tab-${id}`}
              aria-selected={tab === id}
              aria-controls="profile-tabpanel"
              className={`-mb-px flex flex-1 shrink-0 items-center justify-center gap-2 border-b-2 px-2 py-4 text-sm font-medium sm:flex-none sm:px-4 transition focus-visible:outline-2 focus-visible:outline-maroon-700 ${
                tab === id
                  ? 'border-maroon-700 text-maroon-700'
                  : 'border-transparent text-stone-600 hover:text-maroon-700'
              }`}
              onClick={() => show(id)}
            >
              <Icon size={17} aria-hidden /> {m[label]()}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id="profile-tabpanel"
          aria-labelledby={`profile-tab-${tab}`}
          className="p-5 sm:p-8"
        >
          {tab === 'overview' && (
            <>
              <ProfileOverview user={user} />
              <WhatsAppUpdates profilePhone={user.phone} />
            </>
          )}
          {tab === 'subscription' && <ProfileSubscription subscription={subscription} />}
          {tab === 'security' && <ProfileSecurity onPasswordChanged={() => show('overview')} />}
        </div>
      </div>
    </main>
  );
}
