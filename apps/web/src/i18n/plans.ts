import type Source from './catalogues/en/plans.json';
import en from './catalogues/en/plans.json?messages';
import { defineMessages } from './messages';

export const plansMessages = defineMessages<typeof Source>(
  'plans',
  en,
  () => import('./catalogues/hi/plans.json?messages'),
);
