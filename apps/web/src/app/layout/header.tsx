import { Suspense, useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link, NavLink } from '../../lib/link';
import { Glyph } from '../../components/ui/glyph';
import { ICON_BUTTON } from '../../components/ui/icon-button';
import { lazyWithQueries } from '../../lib/lazy-with-queries';
import { useToken } from '../../lib/session';
import { frameMessages } from '../../i18n/frame';
import { useLanguage, useMessages } from '../../i18n/messages';
import { LanguageLink } from './language-switch';
import { NAV_LINKS } from './nav-links';
import { SEARCH_INPUT_ID, useSearchToggle } from './search-context';

const MobileMenu = lazyWithQueries('MobileMenu', () =>
  import('./mobile-menu').then((m) => m.MobileMenu),
);
const WishlistIcon = lazyWithQueries('WishlistIcon', () =>
  import('./shopper-icons').then((m) => m.WishlistIcon),
);
const CartIcon = lazyWithQueries('CartIcon', () =>
  import('./shopper-icons').then((m) => m.CartIcon),
);
const AccountControl = lazyWithQueries('AccountControl', () =>
  import('../../features/account/account-menu').then((m) => m.AccountControl),
);

/** The profile icon: to /login for a visitor; for a shopper, their menu (loaded when needed). */
function ProfileControl() {
  const token = useToken();
  const m = useMessages(frameMessages);
  if (!token) {
    return (
      <Link to="/login" className={ICON_BUTTON} aria-label={m.logIn()}>
        <Glyph icon="user" size={20} />
      </Link>
    );
  }
  return (
    <Suspense
      fallback={
        <span className={ICON_BUTTON}>
          <Glyph icon="user" size={20} />
        </span>
      }
    >
      <AccountControl />
    </Suspense>
  );
}

/** The wishlist icon (signed in only) and the cart icon, with their counts for a shopper. */
function ShopperIcons() {
  const token = useToken();
  const m = useMessages(frameMessages);
  const plainCart = (
    <Link to="/cart" className={ICON_BUTTON} aria-label={m.cart()}>
      <Glyph icon="shoppingBag" size={20} />
    </Link>
  );
  if (!token) return plainCart;
  return (
    <>
      <Suspense fallback={<span className={ICON_BUTTON} />}>
        <WishlistIcon />
      </Suspense>
      <Suspense fallback={plainCart}>
        <CartIcon />
      </Suspense>
    </>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Stable, so the open menu's effects are not redone on every render of the header.
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { setShowSearch } = useSearchToggle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const m = useMessages(frameMessages);
  const other = useLanguage() === 'hi' ? 'en' : 'hi';

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-black/5 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <button
            ref={menuButton}
            type="button"
            className={`${ICON_BUTTON} -ml-2 md:hidden`}
            aria-label={m.openMenu()}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <Glyph icon="menu" size={22} />
          </button>
          <Link to="/" className="font-display text-2xl tracking-wide text-maroon-700">
            Pehnava
          </Link>
          <nav aria-label={m.mainNav()} className="mx-auto hidden md:block">
            <ul className="flex gap-8 text-sm font-medium tracking-wider">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === '/'}
                    className={({ isActive }) =>
                      `border-b-2 pb-1 transition ${
                        isActive
                          ? 'border-maroon-700 text-maroon-700'
                          : 'border-transparent text-stone-700 hover:text-maroon-700'
                      }`
                    }
                  >
                    {m[link.label]()}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center md:ml-0">
            <LanguageLink
              language={other}
              className="mr-1 rounded-full px-2 py-1.5 text-sm font-medium text-stone-700 hover:bg-maroon-50 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-maroon-700"
            />
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label={m.search()}
              onClick={() => {
                setShowSearch(true);
                // On the collection already: keep its filters and sort, and go to the box.
                if (pathname === '/collection') document.getElementById(SEARCH_INPUT_ID)?.focus();
                else void navigate('/collection');
              }}
            >
              <Glyph icon="search" size={20} />
            </button>
            <ProfileControl />
            <ShopperIcons />
          </div>
        </div>
      </header>

      {/* Outside the header: its backdrop filter would otherwise contain these fixed layers.
          Loaded on the first tap of the menu button. */}
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} opener={menuButton} navLabels={m} />
        </Suspense>
      )}
    </>
  );
}
