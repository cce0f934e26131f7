import { Ellipsis } from 'lucide-react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../lib/link';
import { phoneBar, type AreaLink } from './phone-bar';

/**
 * Phone first: the areas sit under the thumb, one column each while they fit (phone-bar.ts), else
 * the first ones and More, which lists them all. More is current on an area the bar leaves out.
 */
export function PhoneBar({ areas }: { areas: AreaLink[] }) {
  const { pathname } = useLocation();
  const { shown, more } = phoneBar(areas);
  const item = (active: boolean) =>
    `flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-maroon-700 ${
      active ? 'text-maroon-700' : 'text-stone-600'
    }`;
  // More stands for the list of areas and for every area the bar leaves out.
  const onMore =
    pathname === '/admin/more' ||
    areas
      .filter((area) => !shown.includes(area) && area.to !== '/admin')
      .some(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  return (
    <nav
      aria-label="Console areas"
      className="console-no-print fixed inset-x-0 bottom-0 z-20 grid border-t border-stone-200 bg-white xl:hidden"
      style={{ gridTemplateColumns: `repeat(${shown.length + (more ? 1 : 0)}, minmax(0, 1fr))` }}
    >
      {shown.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          end={to === '/admin'}
          className={({ isActive }) => item(isActive)}
        >
          <Icon size={20} aria-hidden />
          <span className="max-w-full truncate">{label}</span>
        </NavLink>
      ))}
      {more && (
        <Link to="/admin/more" aria-current={onMore ? 'page' : undefined} className={item(onMore)}>
          <Ellipsis size={20} aria-hidden />
          More
        </Link>
      )}
    </nav>
  );
}
