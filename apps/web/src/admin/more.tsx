import { ChevronRight } from 'lucide-react';
import { Link } from '../lib/link';
import type { AreaLink } from './phone-bar';
import { ScreenTitle, useConsoleTitle } from './ui';

/**
 * /admin/more: every area this login may open, one large row each. The phone's bottom bar links
 * here when the areas no longer fit in it (phone-bar.ts).
 */
export function MoreScreen({ areas }: { areas: AreaLink[] }) {
  useConsoleTitle('All areas');
  return (
    <>
      <ScreenTitle title="All areas" />
      <nav aria-label="All areas" className="rounded-xl bg-white shadow-sm ring-1 ring-black/5">
        <ul className="divide-y divide-stone-200">
          {areas.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex min-h-14 items-center gap-3 px-4 text-base font-medium text-stone-900 hover:bg-stone-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-maroon-700"
              >
                <Icon size={20} className="text-maroon-700" aria-hidden />
                {label}
                <ChevronRight size={18} className="ml-auto text-stone-500" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
