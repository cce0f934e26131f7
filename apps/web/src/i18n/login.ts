import type Source from './catalogues/en/login.json';
import en from './catalogues/en/login.json?messages';
import { defineMessages } from './messages';

export const loginMessages = defineMessages<typeof Source>(
  'login',
  en,
  () => import('./catalogues/hi/login.json?messages'),
);
