import type Source from './catalogues/en/catalogue.json';
import en from './catalogues/en/catalogue.json?messages';
import { defineMessages } from './messages';

export const catalogueMessages = defineMessages<typeof Source>(
  'catalogue',
  en,
  () => import('./catalogues/hi/catalogue.json?messages'),
);
