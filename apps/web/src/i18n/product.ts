import type Source from './catalogues/en/product.json';
import en from './catalogues/en/product.json?messages';
import { defineMessages } from './messages';

export const productMessages = defineMessages<typeof Source>(
  'product',
  en,
  () => import('./catalogues/hi/product.json?messages'),
);
