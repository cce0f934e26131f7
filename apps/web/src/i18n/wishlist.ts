import type Source from './catalogues/en/wishlist.json';
import en from './catalogues/en/wishlist.json?messages';
import { defineMessages } from './messages';

export const wishlistMessages = defineMessages<typeof Source>(
  'wishlist',
  en,
  () => import('./catalogues/hi/wishlist.json?messages'),
);
