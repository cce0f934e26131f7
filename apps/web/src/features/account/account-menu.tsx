import {
  BellRing,
  CalendarCheck,
  Crown,
  Heart,
  LogOut,
  ShoppingBag,
  User,
  UserRound,
} from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/link';
import { ICON_BUTTON } from '../../components/ui/icon-button';
import { endSession } from '../../lib/session';
import { useCartCount, useProfile, useSubscription, useWishlist } from '../../lib/shopper';
import { menuMessages } from '../../i18n/menu';
import { useMessages } from '../../i18n/messages';

/** The header's profile icon for a signed-in shopper: opens and closes their menu. */
export function AccountControl() {
  const m = useMessages(menuMessages);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className={`${ICON_BUTTON} ${open ? 'bg-maroon-50 text-maroon-700' : ''}`}
        aria-label={m.yourAccount()}
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <User size={20} aria-hidden />
        <span className="absolute right-2 top-2 h-2 w-2 rounded-full bg-gold-500 ring-2 ring-white" />
      </button>
      {open && <AccountMenu id="account-menu" onClose={close} anchor={button} />}
    </div>
  );
}

const ITEM =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm text-stone-800 transition hover:bg-maroon-50 hover:text-maroon-700 focus-visible:bg-maroon-50 focus-visible:outline-none';
/** The same entries on a touch screen (the small-screen menu): taller, for a thumb. */
const TOUCH_ITEM =
  'flex w-full items-center gap-3 rounded-xl px-3 py-3 text-left text-[15px] text-stone-800 transition hover:bg-maroon-50 hover:text-maroon-700 focus-visible:bg-maroon-50 focus-visible:outline-2 focus-visible:outline-maroon-700';

/** Each plan's name among the menu's messages. */
const PLAN_NAMES = { free: 'planFree', plus: 'planPlus', pro: 'planPro' } as const;

const COUNT =
  'ml-auto min-w-6 rounded-full bg-maroon-700 px-2 py-0.5 text-center text-xs font-medium text-white';

/**
 * Who is signed in: their name and plan. `testIdPrefix` names the parts for tests
 * (`{prefix}-name`, `{prefix}-plan`).
 */
export function AccountSummary({ testIdPrefix }: { testIdPrefix: string }) {
  const { data: user } = useProfile();
  const { data: subscription } = useSubscription();
  const m = useMessages(menuMessages);
  return (
    <>
      <p className="truncate font-medium text-stone-900" data-testid={`${testIdPrefix}-name`}>
        {user?.name ?? <span className="inline-block h-4 w-32 rounded bg-stone-100" />}
      </p>
      <p className="mt-0.5 flex items-center gap-1.5 text-xs text-stone-600">
        <Crown size={14} aria-hidden className="text-gold-500" />
        <span data-testid={`${testIdPrefix}-plan`}>
          {subscription ? m.plan({ plan: m[PLAN_NAMES[subscription.plan]]() }) : m.loadingPlan()}
        </span>
      </p>
    </>
  );
}

/**
 * A signed-in shopper's pages (SPEC.md §7 header): My Profile, My Bookings, Wishlist with its
 * count, Notify me (DECISIONS.md), optionally Cart with its count, Subscription with Active for a
 * paid plan, then Logout.
 * The header's menu leaves the cart out (its icon is beside it); the small-screen menu has it.
 */
export function AccountLinks({
  onClose,
  touch = false,
  withCart = false,
  profile = true,
  testIdPrefix,
}: {
  /** Called when an entry is chosen (the menu closes). */
  onClose: () => void;
  /** Taller entries for the small-screen menu. */
  touch?: boolean;
  withCart?: boolean;
  /** Whether to list My Profile (the small-screen menu shows it beside the name instead). */
  profile?: boolean;
  testIdPrefix: string;
}) {
  const { data: subscription } = useSubscription();
  const saved = useWishlist().data?.length ?? 0;
  const inCart = useCartCount();
  const paidAndActive = subscription && subscription.plan !== 'free' && subscription.isActive;
  const m = useMessages(menuMessages);
  const item = touch ? TOUCH_ITEM : ITEM;
  const icon = touch ? 20 : 18;

  return (
    <ul className="space-y-0.5">
      {profile && (
        <li>
          <Link to="/profile" className={item} onClick={onClose}>
            <UserRound size={icon} aria-hidden /> {m.myProfile()}
          </Link>
        </li>
      )}
      <li>
        <Link to="/orders" className={item} onClick={onClose}>
          <CalendarCheck size={icon} aria-hidden /> {m.myBookings()}
        </Link>
      </li>
      <li>
        <Link
          to="/wishlist"
          className={item}
          onClick={onClose}
          aria-label={saved > 0 ? m.wishlistSaved({ count: saved }) : undefined}
        >
          <Heart size={icon} aria-hidden /> {m.wishlist()}
          {saved > 0 && (
            <span className={COUNT} data-testid={`${testIdPrefix}-wishlist-count`}>
              {saved}
            </span>
          )}
        </Link>
      </li>
      <li>
        <Link to="/notify-me" className={item} onClick={onClose}>
          <BellRing size={icon} aria-hidden /> {m.notifyMe()}
        </Link>
      </li>
      {withCart && (
        <li>
          <Link
            to="/cart"
            className={item}
            onClick={onClose}
            aria-label={inCart > 0 ? m.cartItems({ count: inCart }) : undefined}
          >
            <ShoppingBag size={icon} aria-hidden /> {m.cart()}
            {inCart > 0 && (
              <span className={COUNT} data-testid={`${testIdPrefix}-cart-count`}>
                {inCart > 99 ? '99+' : inCart}
              </span>
            )}
          </Link>
        </li>
      )}
      <li>
        <Link to="/subscription-plans" className={item} onClick={onClose}>
          <Crown size={icon} aria-hidden /> {m.subscription()}
          {paidAndActive && (
            <span
              className="ml-auto rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800"
              data-testid={`${testIdPrefix}-plan-active`}
            >
              {m.active()}
            </span>
          )}
        </Link>
      </li>
      <li className="mt-1 border-t border-stone-100 pt-1">
        <button
          type="button"
          className={item}
          onClick={() => {
            onClose();
            endSession('logout');
          }}
        >
          <LogOut size={icon} aria-hidden /> {m.logOut()}
        </button>
      </li>
    </ul>
  );
}

/**
 * The signed-in shopper's menu under the header's profile icon: who they are, their plan, their
 * pages and Logout. Closes on a choice, a click elsewhere or Escape.
 */
function AccountMenu({
  id,
  onClose,
  anchor,
}: {
  id: string;
  onClose: () => void;
  /** The button that opens it: clicks on it are its own to handle. */
  anchor: React.RefObject<HTMLElement | null>;
}) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !anchor.current?.contains(target)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      anchor.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose, anchor]);

  return (
    <div
      ref={panel}
      id={id}
      className="absolute right-0 top-full z-40 mt-2 w-72 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-black/10"
      data-testid="account-menu"
    >
      <div className="mb-1 border-b border-stone-100 px-3 pb-3 pt-2">
        <AccountSummary testIdPrefix="account-menu" />
      </div>
      <AccountLinks onClose={onClose} testIdPrefix="account-menu" />
    </div>
  );
}
