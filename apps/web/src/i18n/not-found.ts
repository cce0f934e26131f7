import type Source from './catalogues/en/not-found.json';
import en from './catalogues/en/not-found.json?messages';
import { defineMessages } from './messages';

export const notFoundMessages = defineMessages<typeof Source>(
  'not-found',
  en,
  () => import('./catalogues/hi/not-found.json?messages'),
);
