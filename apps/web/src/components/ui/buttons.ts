/** The main call to action: a filled maroon pill. */
export const PRIMARY_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-full bg-maroon-700 px-6 py-3 text-sm font-medium text-white transition hover:bg-maroon-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 disabled:cursor-not-allowed disabled:opacity-60';

/** A second choice beside the main one: an outlined pill. */
export const SECONDARY_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-full border border-stone-300 bg-white px-6 py-3 text-sm font-medium text-stone-800 transition hover:border-maroon-700 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 disabled:cursor-not-allowed disabled:opacity-60';

/** A quiet text action (Forgot password?, Change Email). */
export const TEXT_BUTTON =
  'rounded text-sm font-medium text-maroon-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-maroon-700 disabled:cursor-not-allowed disabled:text-stone-400 disabled:no-underline';
