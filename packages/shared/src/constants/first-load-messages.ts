/**
 * Messages the web app's first page load needs, in a module of their own: a bundler puts a whole
 * module in one chunk, so taking one member of MESSAGES would bring every message into that load.
 */
export const FAILED_TO_LOAD_PRODUCTS = 'Failed to load products';
