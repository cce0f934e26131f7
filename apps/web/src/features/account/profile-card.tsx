import { dateFormatsIn } from '@pehnava/shared';
import type { Subscription, User } from '@pehnava/shared';
import { CalendarCheck, Crown } from 'lucide-react';
import { Link } from '../../lib/link';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/ui/buttons';
import { useMessages, useLanguage } from '../../i18n/messages';
import { profileMessages } from '../../i18n/profile';
import { planName } from './plan-name';

/** The profile page's side card: who the shopper is, their plan, and where to go next. */
export function ProfileCard({
  user,
  subscription,
  bookingsCount,
  wishlistCount,
  cartCount,
}: {
  user: User;
  subscription: Subscription | undefined;
  /** Bookings with a completed payment; undefined while they load. */
  bookingsCount: number | undefined;
  wishlistCount: number;
  /** Items in the cart (quantities added up). */
  cartCount: number;
}) {
  const m = useMessages(profileMessages);
  const dates = dateFormatsIn(useLanguage());
  const plan = subscription?.plan ?? 'free';
  return (
    <aside
      aria-label={m.yourAccount()}
      className="rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-black/5"
      data-testid="profile-card"
    >
      <span
        aria-hidden
        className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-maroon-700 font-display text-3xl text-white md:h-20 md:w-20"
      >
        {user.name.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <h1 className="mt-4 break-words font-display text-2xl text-maroon-900">{user.name}</h1>
      <p className="mt-1 break-all text-sm text-stone-600">{user.email}</p>
      <p className="mt-3">
        <span
          className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold uppercase tracking-wider ${
            plan === 'free' ? 'bg-stone-100 text-stone-700' : 'bg-gold-300 text-maroon-900'
          }`}
          data-testid="profile-plan"
        >
          <Crown size={14} aria-hidden /> {m.planLabel({ plan: planName(plan, m) })}
        </span>
      </p>
      <dl className="mt-5 grid grid-cols-3 divide-x divide-maroon-700/10 rounded-2xl bg-maroon-50/60 py-3">
        <div>
          <dt className="text-xs text-stone-600">{m.bookings()}</dt>
          <dd
            className="font-display text-2xl text-maroon-900"
            data-testid="profile-bookings-count"
          >
            {bookingsCount ?? '–'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">{m.wishlist()}</dt>
          <dd
            className="font-display text-2xl text-maroon-900"
            data-testid="profile-wishlist-count"
          >
            {wishlistCount}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-stone-600">{m.inCart()}</dt>
          <dd className="font-display text-2xl text-maroon-900" data-testid="profile-cart-count">
            {cartCount}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-stone-600">
        {m.memberSince({ date: dates.monthYearInIndia(user.createdAt) })}
      </p>
      <div className="mt-6 grid gap-2 sm:grid-cols-2 md:grid-cols-1">
        <Link to="/orders" className={SECONDARY_BUTTON}>
          <CalendarCheck size={16} aria-hidden /> {m.viewMyBookings()}
        </Link>
        <Link to="/subscription-plans" className={PRIMARY_BUTTON}>
          <Crown size={16} aria-hidden />{' '}
          {plan === 'free' ? m.upgradePlan() : m.manageSubscription()}
        </Link>
      </div>
    </aside>
  );
}
