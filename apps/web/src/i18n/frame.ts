import type Source from './catalogues/en/frame.json';
import en from './catalogues/en/frame.json?messages';
import { defineMessages } from './messages';

export const frameMessages = defineMessages<typeof Source>(
  'frame',
  en,
  () => import('./catalogues/hi/frame.json?messages'),
);
