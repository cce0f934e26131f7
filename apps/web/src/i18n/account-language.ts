import type { QueryClient } from '@tanstack/react-query';
import {
  LANGUAGE_PARAM,
  languageFromCookie,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
} from '@pehnava/shared';
import { updateProfile } from '../features/account/api';
import { profileQuery } from '../lib/shopper';

/**
 * The signed-in shopper's language kept on their account (decision 086), so their mails and
 * messages come in it and another browser of theirs opens in it. Loaded with the shopper's data
 * (app/session-watcher.tsx).
 *
 * - A browser that chose a language (the switch's cookie) writes it to the account when the two
 *   differ: the choice made here is the newest.
 * - A browser that chose none takes the account's (the shopper has signed in on a new browser, or
 *   cleared its cookies): if the page is in the other language, it moves to the same page in the
 *   account's, through the switch's own link, which keeps the choice for this browser too.
 */
export async function keepAccountLanguage(client: QueryClient, token: string): Promise<void> {
  const user = await client.fetchQuery(profileQuery(token));
  const chosen = languageFromCookie(document.cookie);
  if (chosen) {
    if (chosen === user.language) return;
    const { user: updated } = await updateProfile({ language: chosen });
    client.setQueryData(profileQuery(token).queryKey, updated);
    return;
  }
  if (user.language === languageOfPath(location.pathname)) return;
  const params = new URLSearchParams(location.search);
  params.set(LANGUAGE_PARAM, user.language);
  location.replace(
    `${pathInLanguage(pathWithoutLanguage(location.pathname), user.language)}?${params.toString()}${location.hash}`,
  );
}
