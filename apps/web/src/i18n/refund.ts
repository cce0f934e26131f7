import type Source from './catalogues/en/refund.json';
import en from './catalogues/en/refund.json?messages';
import { defineMessages } from './messages';

export const refundMessages = defineMessages<typeof Source>(
  'refund',
  en,
  () => import('./catalogues/hi/refund.json?messages'),
);
