import { X } from 'lucide-react';
import { Glyph } from '../../components/ui/glyph';
import { menuMessages } from '../../i18n/menu';
import { useMessages } from '../../i18n/messages';
import { useEffect, useRef, type RefObject } from 'react';
import { Link, NavLink } from '../../lib/link';
import { ICON_BUTTON } from '../../components/ui/icon-button';
import { AccountLinks, AccountSummary } from '../../features/account/account-menu';
import { useToken } from '../../lib/session';
import { useProfile } from '../../lib/shopper';
import { NAV_LINKS, type NavLabels } from './nav-links';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex="0"]';

/**
 * While the menu is open: focus moves into it, Tab and Shift+Tab stay inside, Escape closes it,
 * the page behind does not scroll, and on closing focus goes back to the button that opened it.
 */
function useModalPanel(
  open: boolean,
  onClose: () => void,
  panel: RefObject<HTMLElement | null>,
  first: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null> | undefined,
) {
  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const [head, tail] = [items[0], items.at(-1)];
      if (!head || !tail) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === head || !panel.current.contains(active))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (active === tail || !panel.current.contains(active))) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const current = panel.current;
    const back = opener?.current;
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      // Back to the menu button, unless the shopper has already put focus somewhere else.
      const active = document.activeElement;
      if (!active || active === document.body || current?.contains(active)) back?.focus();
    };
  }, [open, onClose, panel, first, opener]);
}

const PAGE_LINK =
  'flex items-center rounded-xl px-3 py-3 text-sm font-medium tracking-wider transition focus-visible:outline-2 focus-visible:outline-maroon-700';
const GROUP_HEADING = 'px-3 pb-1 text-xs font-semibold uppercase tracking-[0.2em] text-stone-500';

/** A signed-in shopper at the top of the menu: initial, name, plan and My Profile. */
function ShopperCard({ onClose }: { onClose: () => void }) {
  const name = useProfile().data?.name;
  const m = useMessages(menuMessages);
  return (
    <div className="rounded-2xl bg-maroon-50 p-4 ring-1 ring-maroon-700/10">
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-maroon-700 font-display text-lg text-white"
        >
          {name?.trim().charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <AccountSummary testIdPrefix="mobile-menu" />
        </div>
      </div>
      <Link
        to="/profile"
        onClick={onClose}
        className="mt-3 flex items-center justify-between rounded-xl bg-white px-3 py-2.5 text-sm font-medium text-maroon-700 ring-1 ring-maroon-700/15 transition hover:bg-maroon-700 hover:text-white focus-visible:outline-2 focus-visible:outline-maroon-700"
      >
        {m.myProfile()} <Glyph icon="chevronRight" size={18} />
      </Link>
    </div>
  );
}

/** A visitor at the top of the menu: what an account gives, with Login and Sign Up. */
function VisitorCard({ onClose }: { onClose: () => void }) {
  const m = useMessages(menuMessages);
  const button =
    'rounded-full px-4 py-2.5 text-center text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
  return (
    <div className="rounded-2xl bg-maroon-900 p-5 text-white">
      <p className="font-display text-xl">{m.welcome()}</p>
      <p className="mt-1 text-sm text-maroon-50/90">{m.visitorPitch()}</p>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Link
          to="/login"
          onClick={onClose}
          className={`${button} bg-white text-maroon-900 hover:bg-gold-300`}
        >
          {m.logIn()}
        </Link>
        <Link
          to="/login?mode=signup"
          onClick={onClose}
          className={`${button} text-white ring-1 ring-white/60 hover:bg-white/10`}
        >
          {m.signUp()}
        </Link>
      </div>
    </div>
  );
}

/**
 * The slide-in menu for small screens (a modal dialog): the shopper (or Login and Sign Up), the
 * site's pages, then the shopper's own pages with their counts and Logout, as the header shows
 * them on a wide screen. Closes on Escape, on the overlay, on its close button and when a link is
 * followed. Loaded on the first tap of the menu button.
 */
export function MobileMenu({
  open,
  onClose,
  opener,
  navLabels,
}: {
  open: boolean;
  onClose: () => void;
  /** The button that opens it: focus returns there on closing. */
  opener?: RefObject<HTMLElement | null>;
  /**
   * The site's pages' names, as the header names them (its messages, which come with the first
   * script: read here, they would cost the first script a chunk of its own).
   */
  navLabels: NavLabels;
}) {
  const signedIn = Boolean(useToken());
  const m = useMessages(menuMessages);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useModalPanel(open, onClose, panel, closeButton, opener);

  return (
    <>
      <div
        className={`fixed inset-0 z-40 bg-black/40 transition-opacity md:hidden ${
          open ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
        aria-hidden
        onClick={() => onClose()}
      />
      <div
        ref={panel}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label={m.menu()}
        inert={!open}
        data-testid="mobile-menu"
        className={`fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl transition-transform duration-300 md:hidden ${
          open ? 'translate-x-0' : '-translate-x-full'
        }`}
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-black/5 px-4">
          <span className="font-display text-2xl text-maroon-700">Pehnava</span>
          <button
            ref={closeButton}
            type="button"
            className={ICON_BUTTON}
            aria-label={m.closeMenu()}
            onClick={() => onClose()}
          >
            <X size={22} aria-hidden />
          </button>
        </div>
        <nav
          aria-label={m.menu()}
          className="flex-1 space-y-5 overflow-y-auto overscroll-contain p-4"
        >
          {signedIn ? <ShopperCard onClose={onClose} /> : <VisitorCard onClose={onClose} />}
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  onClick={() => onClose()}
                  className={({ isActive }) =>
                    `${PAGE_LINK} ${
                      isActive
                        ? 'bg-maroon-50 text-maroon-700'
                        : 'text-stone-700 hover:bg-stone-50 hover:text-maroon-700'
                    }`
                  }
                >
                  {navLabels[link.label]()}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="border-t border-stone-100 pt-4">
            {signedIn ? (
              <>
                <h2 className={GROUP_HEADING}>{m.yourAccount()}</h2>
                <AccountLinks
                  onClose={onClose}
                  touch
                  withCart
                  profile={false}
                  testIdPrefix="mobile-menu"
                />
              </>
            ) : (
              <Link
                to="/cart"
                onClick={onClose}
                className="flex items-center gap-3 rounded-xl px-3 py-3 text-[15px] text-stone-800 transition hover:bg-maroon-50 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-maroon-700"
              >
                <Glyph icon="shoppingBag" size={20} /> {m.cart()}
              </Link>
            )}
          </div>
        </nav>
      </div>
    </>
  );
}
