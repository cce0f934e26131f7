import { Suspense } from 'react';
import { useShopperMessage } from '../../i18n/api-messages';

function Translated({ text }: { text: string }) {
  return useShopperMessage(text);
}

/**
 * A message from the API or the shared rules, in the page's language (i18n/api-messages.ts): for
 * one shown only sometimes. On a Hindi page whose table of those messages has not loaded yet, the
 * text shows as it came until it has, rather than the page waiting for it.
 */
export function ShopperMessage({ text }: { text: string }) {
  return (
    <Suspense fallback={text}>
      <Translated text={text} />
    </Suspense>
  );
}
