import { Menu, Search, ShoppingBag, User } from 'lucide-react';
import { Suspense, useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link, NavLink } from '../../lib/link';
import { ICON_BUTTON } from '../../components/ui/icon-button';
import { lazyWithQueries } from '../../lib/lazy-with-queries';
import { useToken } from '../../lib/session';
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
  if (!token) {
    return (
      <Link to="/login" className={ICON_BUTTON} aria-label="Log in or sign up">
        <User size={20} aria-hidden />
      </Link>
    );
  }
  return (
    <Suspense
      fallback={
        <span className={ICON_BUTTON}>
          <User size={20} aria-hidden />
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
  const plainCart = (
    <Link to="/cart" className={ICON_BUTTON} aria-label="Cart">
      <ShoppingBag size={20} aria-hidden />
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

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-black/5 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <button
            ref={menuButton}
            type="button"
            className={`${ICON_BUTTON} -ml-2 md:hidden`}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <Menu size={22} aria-hidden />
          </button>
          <Link to="/" className="font-display text-2xl tracking-wide text-maroon-700">
            Pehnava
          </Link>
          <nav aria-label="Main" className="mx-auto hidden md:block">
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
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center md:ml-0">
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label="Search the collection"
              onClick={() => {
                setShowSearch(true);
                // On the collection already: keep its filters and sort, and go to the box.
                if (pathname === '/collection') document.getElementById(SEARCH_INPUT_ID)?.focus();
                else void navigate('/collection');
              }}
            >
              <Search size={20} aria-hidden />
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
          <MobileMenu open={menuOpen} onClose={closeMenu} opener={menuButton} />
        </Suspense>
      )}
    </>
  );
}
