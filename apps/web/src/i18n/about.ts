import type Source from './catalogues/en/about.json';
import en from './catalogues/en/about.json?messages';
import { defineMessages } from './messages';

export const aboutMessages = defineMessages<typeof Source>(
  'about',
  en,
  () => import('./catalogues/hi/about.json?messages'),
);
