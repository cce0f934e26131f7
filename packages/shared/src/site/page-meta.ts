/** What a page tells the browser tab, search engines and link previews about itself. */
export interface PageMeta {
  title: string;
  description: string;
  /** Image address for link previews (og:image): root-relative or absolute. */
  image?: string;
  /** og:type: 'website' unless said otherwise. */
  type?: 'website' | 'product';
}

export const SITE_NAME = 'Pehnava';

// The home page's words live alone here, so the first bundle carries no other page's words
// (bundles split by module, not by export); every other page's are in pages-meta.ts.
export const HOME_META: PageMeta = {
  title: 'Pehnava · Occasion wear on rent',
  description:
    'Rent wedding and occasion wear for 2 to 14 days. No deposit, cleaned and quality-checked, delivered to your door.',
};
