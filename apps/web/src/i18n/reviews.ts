import type Source from './catalogues/en/reviews.json';
import en from './catalogues/en/reviews.json?messages';
import { defineMessages } from './messages';

export const reviewsMessages = defineMessages<typeof Source>(
  'reviews',
  en,
  () => import('./catalogues/hi/reviews.json?messages'),
);
