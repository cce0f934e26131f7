import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV for the accountant', () => {
  it('quotes what needs quoting and leaves the rest', () => {
    expect(csvCell('Mumbai')).toBe('Mumbai');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell('Iyer, Tara')).toBe('"Iyer, Tara"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
  });

  it('keeps a cell that looks like a formula as text', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+91 98200')).toBe("'+91 98200");
    expect(csvCell('@sum')).toBe("'@sum");
    // A negative amount is a number, not a formula.
    expect(csvCell(-300)).toBe('-300');
  });

  it('ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe('a,1\r\nb,2\r\n');
  });
});
