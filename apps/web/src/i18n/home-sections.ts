import type Source from './catalogues/en/home-sections.json';
import en from './catalogues/en/home-sections.json?messages';
import { defineMessages } from './messages';

export const homeSectionsMessages = defineMessages<typeof Source>(
  'home-sections',
  en,
  () => import('./catalogues/hi/home-sections.json?messages'),
);
