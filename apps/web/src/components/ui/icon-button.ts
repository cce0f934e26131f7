/** A round, icon-only button or link (header icons, menu close). */
export const ICON_BUTTON =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-700 transition hover:bg-maroon-50 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-maroon-700';
