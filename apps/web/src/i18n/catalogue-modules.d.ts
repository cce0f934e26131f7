/**
 * A message catalogue compiled at build (build/message-catalogues.ts): one function per message, given
 * the values of its placeholders (messages.tsx's Message).
 */
declare module '*.json?messages' {
  const messages: Readonly<
    Record<string, (values?: Readonly<Record<string, string | number>>) => string>
  >;
  export default messages;
}
