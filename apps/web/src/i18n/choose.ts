import type Source from './catalogues/en/choose.json';
import en from './catalogues/en/choose.json?messages';
import { defineMessages } from './messages';

export const chooseMessages = defineMessages<typeof Source>(
  'choose',
  en,
  () => import('./catalogues/hi/choose.json?messages'),
);
