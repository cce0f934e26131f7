import type Source from './catalogues/en/terms.json';
import en from './catalogues/en/terms.json?messages';
import { defineMessages } from './messages';

export const termsMessages = defineMessages<typeof Source>(
  'terms',
  en,
  () => import('./catalogues/hi/terms.json?messages'),
);
