/**
 * One CSV cell: quoted when it holds a comma, quote or line break; text a spreadsheet would read
 * as a formula (=, +, -, @, tab or carriage return first) is prefixed with an apostrophe so it
 * stays text. Numbers are written as they are (a negative amount is not a formula).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text, CRLF line ends (RFC 4180). */
export const toCsv = (rows: readonly (readonly (string | number | null | undefined)[])[]): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
