import type { Catalogue } from '../../i18n/messages';

/** The site's pages in the header and the menu, with their names' keys in the frame's messages. */
export const NAV_LINKS = [
  { to: '/', label: 'navHome' },
  { to: '/collection', label: 'navCollection' },
  { to: '/about', label: 'navAbout' },
  { to: '/contact', label: 'navContact' },
  { to: '/subscription-plans', label: 'navPlans' },
] as const;

/** The footer's pages, with their names' keys in the footer's messages. */
export const FOOTER_LINKS = [
  { to: '/', label: 'home' },
  { to: '/about', label: 'aboutUs' },
  { to: '/contact', label: 'contactUs' },
  { to: '/terms', label: 'terms' },
  { to: '/refund', label: 'refund' },
  { to: '/privacy', label: 'warranty' },
  { to: '/subscription-plans', label: 'plans' },
] as const;

export type NavLabels = Catalogue<(typeof NAV_LINKS)[number]['label']>;
