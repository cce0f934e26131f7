import { Fragment, createContext, use, useContext, type ReactNode } from 'react';
import type { Language } from '@pehnava/shared';

/**
 * The shop's words in the shopper's language (issue [P] §2, decision 086). Each part of the shop
 * defines its messages once (`defineMessages`): the English catalogue imported with it, so English
 * pages load their words with their code, as they always did; the Hindi one loaded only by a page
 * in Hindi, with that part. Catalogues are JSON files of ICU MessageFormat texts
 * (catalogues/{en,hi}/*.json), compiled at build into one function per message
 * (apps/web/build/message-catalogues.ts); messages.test.ts checks that both languages have the same
 * keys, with the same placeholders.
 */

/** A message, given the values of its placeholders. */
export type Message = (values?: Readonly<Record<string, string | number>>) => string;
export type Catalogue<Key extends string = string> = Readonly<Record<Key, Message>>;

export interface Messages<Key extends string> {
  readonly name: string;
  readonly en: Catalogue<Key>;
  /** The Hindi catalogue, once loaded. */
  hi?: Catalogue<Key>;
  loading?: Promise<void>;
  readonly loadHindi: () => Promise<{ default: Catalogue }>;
}

/** Every part's messages defined so far (by the modules loaded so far). */
const defined: Messages<string>[] = [];

/**
 * A part of the shop's messages: `Source` is the English catalogue's JSON, for its keys
 * (`typeof import('./catalogues/en/frame.json')`), `en` that catalogue compiled, `loadHindi` the
 * Hindi one's import.
 */
export function defineMessages<Source extends object>(
  name: string,
  en: Catalogue,
  loadHindi: () => Promise<{ default: Catalogue }>,
): Messages<keyof Source & string> {
  const messages: Messages<keyof Source & string> = { name, en, loadHindi };
  defined.push(messages);
  return messages;
}

function loadHindi(messages: Messages<string>): Promise<void> {
  messages.loading ??= settled(
    messages.loadHindi().then(
      (module) => {
        messages.hi = module.default;
      },
      (error: unknown) => {
        // Tried again by the next page that needs it.
        messages.loading = undefined;
        throw error;
      },
    ),
  );
  return messages.loading;
}

/**
 * A promise that says when it has settled as React's `use` reads it (`status`, `value`,
 * `reason`), so a component that reads it again once it has settled is not suspended again.
 */
export function settled<T>(promise: Promise<T>): Promise<T> {
  const marked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  marked.status = 'pending';
  promise.then(
    (value) => Object.assign(marked, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(marked, { status: 'rejected', reason }),
  );
  return promise;
}

/**
 * Loads the catalogues in `language` of every part loaded so far: before the app takes over a
 * page the server drew in Hindi (main.tsx), and before the server draws one (entry-server.tsx),
 * so that page is drawn in one go. A part loaded later loads its own as it is first drawn.
 */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'hi') await Promise.all(defined.map(loadHindi));
}

const LanguageContext = createContext<Language>('en');

/** The language of the page: set once, by the router, from the address (/hi/…). */
export const LanguageProvider = LanguageContext.Provider;

export const useLanguage = (): Language => useContext(LanguageContext);

/**
 * A part's messages in the page's language. In Hindi, a part whose catalogue has not loaded yet
 * suspends until it has (its Suspense boundary shows meanwhile). `use` is called on every render
 * of a Hindi page, loaded or not: React matches a component's `use` calls by their order across
 * the tries of one render, so one skipped on a retry would hand the next call this one's answer.
 */
export function useMessages<Key extends string>(messages: Messages<Key>): Catalogue<Key> {
  const language = useContext(LanguageContext);
  if (language === 'en') return messages.en;
  use(loadHindi(messages));
  return messages.hi ?? messages.en;
}

/** What stands for a part in a message's text while it is split (no catalogue text has it). */
const MARK = '\u0000';

/**
 * A message with elements in it (a code in bold, a link): `parts` are the placeholders that take
 * an element, given as their own values; the rest of `values` are text as usual.
 */
export function richText(
  message: Message,
  parts: Readonly<Record<string, ReactNode>>,
  values: Readonly<Record<string, string | number>> = {},
): ReactNode[] {
  const names = Object.keys(parts);
  const marked = message({
    ...values,
    ...Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`])),
  });
  return marked
    .split(MARK)
    .map((piece, i) =>
      i % 2 === 0 ? piece : <Fragment key={i}>{parts[names[Number(piece)]!]}</Fragment>,
    );
}
