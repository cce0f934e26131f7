import type Source from './catalogues/en/profile.json';
import en from './catalogues/en/profile.json?messages';
import { defineMessages } from './messages';

export const profileMessages = defineMessages<typeof Source>(
  'profile',
  en,
  () => import('./catalogues/hi/profile.json?messages'),
);
