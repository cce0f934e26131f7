import type { LucideIcon } from 'lucide-react';

/** An area of the console as the navigation lists it. */
export interface AreaLink {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * How many items the console's bottom bar holds on a phone: at 390 px, four columns leave each
 * about 97 px, room for a 44 px target and a label such as 'Check-in'. A fifth would crowd them.
 */
export const PHONE_BAR_MAX = 4;

/**
 * The areas the phone's bottom bar shows: all of them when they fit, else the first ones and a
 * 'More' item (to /admin/more, which lists every area) in the last place.
 */
export function phoneBar<T>(
  areas: readonly T[],
  max = PHONE_BAR_MAX,
): { shown: T[]; more: boolean } {
  return areas.length <= max
    ? { shown: [...areas], more: false }
    : { shown: areas.slice(0, max - 1), more: true };
}
