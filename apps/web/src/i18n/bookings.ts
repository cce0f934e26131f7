import type Source from './catalogues/en/bookings.json';
import en from './catalogues/en/bookings.json?messages';
import { defineMessages } from './messages';

export const bookingsMessages = defineMessages<typeof Source>(
  'bookings',
  en,
  () => import('./catalogues/hi/bookings.json?messages'),
);
