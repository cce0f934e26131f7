import type { QueryClient } from '@tanstack/react-query';
import { keepAccountLanguage } from '../i18n/account-language';
import { prefetchShopper } from '../lib/shopper';

/**
 * What a session starts (app/session-watcher.tsx): the shopper's data fetched, and their language
 * kept in step with their account's (i18n/account-language.ts). A failed language write is tried
 * again at the next start, since the two still differ then.
 */
export function startShopper(
  client: QueryClient,
  token: string,
  { atStart }: { atStart: boolean },
): void {
  prefetchShopper(client, token, { atStart });
  void keepAccountLanguage(client, token).catch(() => undefined);
}
