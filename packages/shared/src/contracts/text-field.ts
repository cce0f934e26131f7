import { z } from 'zod';
import { FIELD_MESSAGES } from '../constants/field-messages.js';

/**
 * The one rule for text the API reads (docs/decisions/020-text-fields-and-hostile-input.md).
 *
 * - Cleaned first: line breaks made `\n` (multi-line fields only), whitespace and invisible
 *   format characters cut from both ends, then Unicode NFC.
 * - Refused anywhere in the value: control characters (C0 U+0000–U+001F, DEL, C1 U+0080–U+009F;
 *   a multi-line field keeps `\n` and nothing else of them, so a tab is refused too), line and
 *   paragraph separators in one-line fields, bidirectional overrides and isolates (U+202A–U+202E,
 *   U+2066–U+2069, which make text read differently from what it is), lone surrogates and the
 *   non-characters U+FFFE and U+FFFF.
 * - A value made only of whitespace and invisible characters (zero-width spaces and joiners,
 *   U+2060, U+FEFF, soft hyphens, fillers…) is empty. Joiners inside a value stay: Indic scripts
 *   need them.
 * - At most `max` characters (code points, as zod and JSON Schema count them) after cleaning.
 */
export interface TextFieldOptions {
  /** How messages name the field: 'Name', 'Phone', 'Coupon code'. */
  label: string;
  /** The most characters (code points) kept after cleaning. */
  max: number;
  /** Whether an empty value (after cleaning) is refused. Default true. */
  required?: boolean;
  /** Whether line breaks are kept. Default false. */
  multiline?: boolean;
  /** SPEC.md §5's words where they exist, in place of FIELD_MESSAGES'. */
  messages?: Partial<Record<'required' | 'notText' | 'notAllowed' | 'tooLong', string>>;
}

/** Characters a one-line field never takes. */
const NOT_ALLOWED_ONE_LINE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|\p{Cs}/u;
/** The same for a multi-line field, less the line feed. */
const NOT_ALLOWED_MULTI_LINE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|\p{Cs}/u;
/** Cut from the ends: whitespace, format characters (zero-width, BOM…), blank-looking fillers. */
const EDGE = /[\s\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]/u;
/** A value made only of these shows nothing. */
const ONLY_INVISIBLE = /^[\s\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;
const LINE_BREAK = /\r\n?|[\u2028\u2029]/g;

/** Cut EDGE characters from both ends, one code point at a time (no regex backtracking). */
function trimEdges(value: string): string {
  const points = Array.from(value);
  let start = 0;
  let end = points.length;
  while (start < end && EDGE.test(points[start]!)) start += 1;
  while (end > start && EDGE.test(points[end - 1]!)) end -= 1;
  return start === 0 && end === points.length ? value : points.slice(start, end).join('');
}

/** A value as a text field keeps it: see TextFieldOptions. */
export function cleanText(value: string, { multiline = false } = {}): string {
  const lines = multiline ? value.replace(LINE_BREAK, '\n') : value;
  const trimmed = trimEdges(lines);
  if (ONLY_INVISIBLE.test(trimmed)) return '';
  return trimmed.normalize('NFC');
}

/** True when the value holds a character no text field takes (see TextFieldOptions). */
export function hasDisallowedCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? NOT_ALLOWED_MULTI_LINE : NOT_ALLOWED_ONE_LINE).test(value);
}

const messagesInUse = new Set<string>();

/**
 * Every message a text field of the contracts can answer with. They are written for the shopper,
 * so the API shows them as they are (apps/api/src/plugins/errors.ts).
 */
export const textFieldMessages: ReadonlySet<string> = messagesInUse;

/** A string field by the rule above; `.optional()` it where the field may be left out. */
export function textField({
  label,
  max,
  required = true,
  multiline = false,
  messages = {},
}: TextFieldOptions) {
  const say = {
    required: messages.required ?? FIELD_MESSAGES.required(label),
    notText: messages.notText ?? FIELD_MESSAGES.notText(label),
    notAllowed: messages.notAllowed ?? FIELD_MESSAGES.notAllowed(label),
    tooLong: messages.tooLong ?? FIELD_MESSAGES.tooLong(label, max),
  };
  for (const message of Object.values(say)) messagesInUse.add(message);

  const text = z
    .string({ error: (issue) => (issue.input == null ? say.required : say.notText) })
    .overwrite((value) => cleanText(value, { multiline }))
    .refine((value) => !hasDisallowedCharacters(value, { multiline }), {
      error: say.notAllowed,
      abort: true,
    });
  return (required ? text.min(1, { error: say.required }) : text).max(max, {
    error: say.tooLong,
  });
}
