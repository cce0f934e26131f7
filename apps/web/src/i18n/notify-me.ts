import type Source from './catalogues/en/notify-me.json';
import en from './catalogues/en/notify-me.json?messages';
import { defineMessages } from './messages';

export const notifyMeMessages = defineMessages<typeof Source>(
  'notify-me',
  en,
  () => import('./catalogues/hi/notify-me.json?messages'),
);
