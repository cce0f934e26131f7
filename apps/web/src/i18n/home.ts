import type Source from './catalogues/en/home.json';
import en from './catalogues/en/home.json?messages';
import { defineMessages } from './messages';

export const homeMessages = defineMessages<typeof Source>(
  'home',
  en,
  () => import('./catalogues/hi/home.json?messages'),
);
