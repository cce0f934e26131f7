import type Source from './catalogues/en/collection.json';
import en from './catalogues/en/collection.json?messages';
import { defineMessages } from './messages';

export const collectionMessages = defineMessages<typeof Source>(
  'collection',
  en,
  () => import('./catalogues/hi/collection.json?messages'),
);
