import type Source from './catalogues/en/cart.json';
import en from './catalogues/en/cart.json?messages';
import { defineMessages } from './messages';

export const cartMessages = defineMessages<typeof Source>(
  'cart',
  en,
  () => import('./catalogues/hi/cart.json?messages'),
);
