// Loaded by a page in Hindi only (lib/page-meta.ts): the Hindi titles and descriptions stay out
// of the English pages' scripts.
export { hindiPageMeta } from '@pehnava/shared';
