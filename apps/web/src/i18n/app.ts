import type Source from './catalogues/en/app.json';
import en from './catalogues/en/app.json?messages';
import { defineMessages } from './messages';

export const appMessages = defineMessages<typeof Source>(
  'app',
  en,
  () => import('./catalogues/hi/app.json?messages'),
);
