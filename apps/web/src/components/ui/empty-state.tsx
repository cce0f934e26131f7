import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A page's "nothing here yet" panel: an icon, a heading, a line and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  /** The actions (links or buttons). */
  children: ReactNode;
}) {
  return (
    <div className="rounded-3xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-black/5">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-maroon-50 text-maroon-700">
        <Icon size={28} aria-hidden />
      </span>
      <h2 className="mt-4 font-display text-2xl text-maroon-900">{title}</h2>
      <p className="mx-auto mt-2 max-w-sm text-stone-600">{text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </div>
  );
}
