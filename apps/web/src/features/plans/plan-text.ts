import type Source from '../../i18n/catalogues/en/plan-features.json';
import { useMessages } from '../../i18n/messages';
import { planFeaturesMessages } from '../../i18n/plan-features';

type Key = keyof typeof Source;

/** The English catalogue's texts, each to its key: built on first use, not when loaded. */
let keysByText: ReadonlyMap<string, Key> | undefined;

function keyOf(text: string): Key | undefined {
  // Every message in this catalogue is plain text, so calling it without values gives the text.
  keysByText ??= new Map(
    Object.entries(planFeaturesMessages.en).map(([key, message]) => [message(), key as Key]),
  );
  return keysByText.get(text);
}

/**
 * The plans' words as the API gives them (packages/shared's PLAN_DEFINITIONS, written by the seed:
 * Free's name, the features, what each plan does to a price tier, the tiers' labels) in the page's
 * language. They are fixed English texts, so the English catalogue holds each as it is
 * (plan-words.test.ts checks that it has them all) and the Hindi one says it by the same key; a
 * text it does not have is shown as it came. Plus and Pro are named so in either language.
 */
export function usePlanText(): (text: string) => string {
  const m = useMessages(planFeaturesMessages);
  return (text) => {
    const key = keyOf(text);
    return key ? m[key]() : text;
  };
}
