import type Source from './catalogues/en/plan-features.json';
import en from './catalogues/en/plan-features.json?messages';
import { defineMessages } from './messages';

export const planFeaturesMessages = defineMessages<typeof Source>(
  'plan-features',
  en,
  () => import('./catalogues/hi/plan-features.json?messages'),
);
