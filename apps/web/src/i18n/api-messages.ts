import { use } from 'react';
import { languageOfPath } from '@pehnava/shared';
import { settled, useLanguage } from './messages';

/**
 * The messages the API and the shared rules write (SPEC.md's English, packages/shared's
 * constants/*-messages.ts) in the shopper's language (decision 086): the API's words stay English
 * for every client, and this app shows each in Hindi on a Hindi page. The Hindi table
 * (api-messages-hi.ts, data alone) loads only on a Hindi page: soon after it starts (main.tsx), or
 * with the first message it has to show. A text it does not know is shown as it came.
 */

type Translate = (text: string) => string | undefined;
let loading: Promise<Translate> | undefined;

/** Loads the Hindi table (once; a failed load is tried again next time). */
export function loadHindiMessages(): Promise<Translate> {
  loading ??= settled(
    import('./api-messages-hi').then(
      (module) => module.default,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ),
  );
  return loading;
}

/**
 * A message in the language of the page the browser is on, for what is said outside React (the
 * toasts, lib/notify.ts). The address decides, as it does for the app (main.tsx).
 */
export async function inPageLanguage(text: string): Promise<string> {
  if (typeof location === 'undefined' || languageOfPath(location.pathname) === 'en') return text;
  const translate = await loadHindiMessages().catch(() => undefined);
  return translate?.(text) ?? text;
}

/**
 * A message from the API or the shared rules, as a component shows it, in the page's language. In
 * Hindi, before the table has loaded, it suspends (components/ui/shopper-message.tsx shows the
 * text as it came meanwhile).
 */
export function useShopperMessage(text: string): string {
  const language = useLanguage();
  if (language === 'en') return text;
  // On every render of a Hindi page, loaded or not (see useMessages).
  const translate = use(loadHindiMessages());
  return translate(text) ?? text;
}
