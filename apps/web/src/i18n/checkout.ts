import type Source from './catalogues/en/checkout.json';
import en from './catalogues/en/checkout.json?messages';
import { defineMessages } from './messages';

export const checkoutMessages = defineMessages<typeof Source>(
  'checkout',
  en,
  () => import('./catalogues/hi/checkout.json?messages'),
);
