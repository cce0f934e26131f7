import { Menu, Search, ShoppingBag, User, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { NAV_LINKS } from './nav-links';

const iconButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-700 transition hover:bg-maroon-50 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-maroon-700';

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);

  // The slide-in menu closes on Escape, on the overlay and when a link in it is followed.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-black/5 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <button
            type="button"
            className={`${iconButton} -ml-2 md:hidden`}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
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
            <Link to="/collection" className={iconButton} aria-label="Search the collection">
              <Search size={20} aria-hidden />
            </Link>
            <Link to="/login" className={iconButton} aria-label="Log in or sign up">
              <User size={20} aria-hidden />
            </Link>
            <Link to="/cart" className={iconButton} aria-label="Cart">
              <ShoppingBag size={20} aria-hidden />
            </Link>
          </div>
        </div>
      </header>

      {/* Outside the header: its backdrop filter would otherwise contain these fixed layers. */}
      <div
        className={`fixed inset-0 z-40 bg-black/40 transition-opacity md:hidden ${
          menuOpen ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
        aria-hidden
        onClick={() => setMenuOpen(false)}
      />
      <nav
        id="mobile-menu"
        aria-label="Menu"
        inert={!menuOpen}
        className={`fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl transition-transform duration-300 md:hidden ${
          menuOpen ? 'translate-x-0' : '-translate-x-full'
        }`}
      >
        <div className="flex h-16 items-center justify-between border-b border-black/5 px-4">
          <span className="font-display text-2xl text-maroon-700">Pehnava</span>
          <button
            type="button"
            className={iconButton}
            aria-label="Close menu"
            onClick={() => setMenuOpen(false)}
          >
            <X size={22} aria-hidden />
          </button>
        </div>
        <ul className="py-2">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === '/'}
                onClick={() => setMenuOpen(false)}
                className={({ isActive }) =>
                  `block px-6 py-3 text-sm font-medium tracking-wider ${
                    isActive ? 'bg-maroon-50 text-maroon-700' : 'text-stone-700'
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
