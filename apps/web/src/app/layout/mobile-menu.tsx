import { X } from 'lucide-react';
import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { NAV_LINKS } from './nav-links';
import { ICON_BUTTON } from '../../components/ui/icon-button';

/** The slide-in menu for small screens: closes on Escape, on the overlay and when a link is followed. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <>
      <div
        className={`fixed inset-0 z-40 bg-black/40 transition-opacity md:hidden ${
          open ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
        aria-hidden
        onClick={() => onClose()}
      />
      <nav
        id="mobile-menu"
        aria-label="Menu"
        inert={!open}
        className={`fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl transition-transform duration-300 md:hidden ${
          open ? 'translate-x-0' : '-translate-x-full'
        }`}
      >
        <div className="flex h-16 items-center justify-between border-b border-black/5 px-4">
          <span className="font-display text-2xl text-maroon-700">Pehnava</span>
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label="Close menu"
            onClick={() => onClose()}
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
                onClick={() => onClose()}
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
