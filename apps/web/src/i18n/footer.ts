import type Source from './catalogues/en/footer.json';
import en from './catalogues/en/footer.json?messages';
import { defineMessages } from './messages';

export const footerMessages = defineMessages<typeof Source>(
  'footer',
  en,
  () => import('./catalogues/hi/footer.json?messages'),
);
