import type Source from './catalogues/en/contact.json';
import en from './catalogues/en/contact.json?messages';
import { defineMessages } from './messages';

export const contactMessages = defineMessages<typeof Source>(
  'contact',
  en,
  () => import('./catalogues/hi/contact.json?messages'),
);
