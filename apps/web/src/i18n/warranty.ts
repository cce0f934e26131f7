import type Source from './catalogues/en/warranty.json';
import en from './catalogues/en/warranty.json?messages';
import { defineMessages } from './messages';

export const warrantyMessages = defineMessages<typeof Source>(
  'warranty',
  en,
  () => import('./catalogues/hi/warranty.json?messages'),
);
