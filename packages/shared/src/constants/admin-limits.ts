/*
 * The operator console's fixed values that the browser needs too. They live here, not in the
 * contracts, so a screen that uses one does not pull zod into its chunk.
 */

/** Products an operator lists per page. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
/** The most images one product keeps. */
export const MAX_PRODUCT_IMAGES = 12;
/** The most units of one size. */
export const MAX_UNITS_PER_SIZE = 50;

/** How the reports group money: by day, week (from Monday) or month. */
export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
/** The accountant's files. */
export const REPORT_EXPORTS = ['bookings', 'payments', 'refunds'] as const;
