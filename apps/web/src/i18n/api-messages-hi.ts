// The API's and the shared rules' messages in Hindi (api-messages.ts), loaded by Hindi pages only.
// It imports nothing the other chunks use (not the shared package): its table is its own words,
// kept in step with the shared English by api-messages-hi.test.ts.
import { EXTENSION_REFUSED_REASONS, PLAIN, SHAPES } from './api-messages-hi-table';

let plain: ReadonlyMap<string, string> | undefined;

/**
 * The Hindi for an English message the API or the shared rules write, if there is one: a plain
 * message by its text, a message with values in it (a product, a date, an amount) by its shape,
 * the values put into its Hindi. The plain messages' map is built on first use.
 */
export default function translateApiMessage(text: string): string | undefined {
  plain ??= new Map([...Object.entries(PLAIN), ...Object.entries(EXTENSION_REFUSED_REASONS)]);
  const exact = plain.get(text);
  if (exact !== undefined) return exact;
  for (const { regex, hindi } of SHAPES) {
    const found = regex.exec(text)?.groups;
    const said = found && hindi(found);
    if (said !== undefined) return said;
  }
  return undefined;
}
