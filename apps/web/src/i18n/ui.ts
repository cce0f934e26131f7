import type Source from './catalogues/en/ui.json';
import en from './catalogues/en/ui.json?messages';
import { defineMessages } from './messages';

export const uiMessages = defineMessages<typeof Source>(
  'ui',
  en,
  () => import('./catalogues/hi/ui.json?messages'),
);
