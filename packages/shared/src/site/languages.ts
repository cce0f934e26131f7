// A module of its own, without values from elsewhere: the web app's first script reads it.

/**
 * The storefront's languages (issue [P] §2, decision 086). English is at the site's addresses as
 * they always were; Hindi at the same addresses under /hi (/hi, /hi/collection, …). The console
 * (/admin) is English only.
 */
export type Language = 'en' | 'hi';
export const LANGUAGES: readonly Language[] = ['en', 'hi'];

/** Where the Hindi storefront's addresses start. */
export const HINDI_BASE = '/hi';

/**
 * The cookie that keeps a browser's choice of language (`en` or `hi`), set by the language
 * switch: an English address asked for by a browser that chose Hindi is sent to its Hindi one.
 */
export const LANGUAGE_COOKIE = 'pehnava-lang';

/** The BCP 47 tags dates and numbers are written in (Intl), and the page's `lang`. */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { en: 'en-IN', hi: 'hi-IN' };

/** The language an address is in: Hindi for /hi and anything under it. */
export function languageOfPath(path: string): Language {
  return path === HINDI_BASE || path.startsWith(`${HINDI_BASE}/`) ? 'hi' : 'en';
}

/** The address without its language: /hi/collection → /collection, /hi → /. */
export function pathWithoutLanguage(path: string): string {
  if (languageOfPath(path) === 'en') return path;
  return path.slice(HINDI_BASE.length) || '/';
}

/** An address (without a language) in `language`: /collection → /hi/collection, / → /hi. */
export function pathInLanguage(path: string, language: Language): string {
  if (language === 'en') return path;
  return path === '/' ? HINDI_BASE : `${HINDI_BASE}${path}`;
}

/** The language a Cookie header chose, if it chose one. */
export function languageFromCookie(cookie: string | undefined): Language | undefined {
  const match = cookie && new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(en|hi)(?:;|$)`).exec(cookie);
  return match ? (match[1] as Language) : undefined;
}

/**
 * The query parameter of a language switch's link (/hi/collection?language=hi): the server keeps
 * the choice in LANGUAGE_COOKIE and sends the browser on to the address without it, so the switch
 * works as a plain link, before the app has started or without it.
 */
export const LANGUAGE_PARAM = 'language';

/** The names of the languages, each in itself, as a switch shows them. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };
