import type Source from './catalogues/en/menu.json';
import en from './catalogues/en/menu.json?messages';
import { defineMessages } from './messages';

export const menuMessages = defineMessages<typeof Source>(
  'menu',
  en,
  () => import('./catalogues/hi/menu.json?messages'),
);
