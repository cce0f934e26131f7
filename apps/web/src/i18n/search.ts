import type Source from './catalogues/en/search.json';
import en from './catalogues/en/search.json?messages';
import { defineMessages } from './messages';

export const searchMessages = defineMessages<typeof Source>(
  'search',
  en,
  () => import('./catalogues/hi/search.json?messages'),
);
