/*
 * How the Hindi table of the API's and the shared rules' messages (api-messages-hi-table.ts) is
 * written: no import here, and none there but this, so the Hindi chunk carries its own words and
 * shares no module with the English pages' chunks (api-messages-hi.ts).
 */

/** The values a message's shape found in it, by the names of its regex's groups. */
export type Found<Name extends string> = { readonly [K in Name]: string };

/** A message with values in it, matched by its shape, with the Hindi of the values found in it. */
export interface Shape {
  readonly regex: RegExp;
  /** The Hindi, or undefined when these values have none (a field only the console names). */
  readonly hindi: (found: Readonly<Record<string, string>>) => string | undefined;
}

/**
 * A shape: `regex` is the English, the whole of it (^…$), each value a named group; `hindi`
 * writes the Hindi from the values it names (typed by its parameter: `Found<'name' | 'size'>`).
 */
export function shape<Name extends string>(
  regex: RegExp,
  hindi: (found: Found<Name>) => string | undefined,
): Shape {
  return { regex, hindi: hindi as Shape['hindi'] };
}

/** A word list's entry for `key`, if it has one of its own (not 'constructor' or 'toString'). */
export const own = (words: Readonly<Record<string, string>>, key: string): string | undefined =>
  Object.hasOwn(words, key) ? words[key] : undefined;

const WEEKDAYS: Readonly<Record<string, string>> = {
  Sun: 'रवि',
  Mon: 'सोम',
  Tue: 'मंगल',
  Wed: 'बुध',
  Thu: 'गुरु',
  Fri: 'शुक्र',
  Sat: 'शनि',
};
const MONTHS: Readonly<Record<string, string>> = {
  Jan: 'जन॰',
  Feb: 'फ़र॰',
  Mar: 'मार्च',
  Apr: 'अप्रैल',
  May: 'मई',
  Jun: 'जून',
  Jul: 'जुल॰',
  Aug: 'अग॰',
  Sep: 'सित॰',
  Sept: 'सित॰',
  Oct: 'अक्टू॰',
  Nov: 'नव॰',
  Dec: 'दिस॰',
};

/**
 * A date as the API writes it in English ('Sat, 28 Nov, 2026', or 'Sat, 28 Nov') as hi-IN writes
 * it ('शनि, 28 नव॰ 2026'), by its words, without building an Intl format. Anything else is left
 * as it is.
 */
export function hindiDate(english: string): string {
  const parts = /^([A-Z][a-z]+), (\d{1,2}) ([A-Z][a-z]+)(?:,? (\d{4}))?$/.exec(english);
  const weekday = parts && own(WEEKDAYS, parts[1]!);
  const month = parts && own(MONTHS, parts[3]!);
  if (!parts || !weekday || !month) return english;
  return `${weekday}, ${parts[2]} ${month}${parts[4] ? ` ${parts[4]}` : ''}`;
}
