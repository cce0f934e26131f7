import { describe, expect, it } from 'vitest';
import {
  TAX_DOCUMENT_PREFIXES,
  financialYearLabel,
  financialYearOf,
  taxDocumentNumber,
} from './document-number.js';

describe("tax documents' numbers", () => {
  it('count in financial years from 1 April in India, whatever the hour in UTC', () => {
    // 31 March 2027, 23:59 in India is still 2026-27; 00:00 on 1 April is 2027-28.
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe(2026);
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe(2027);
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toBe(2026);
    expect(financialYearOf(new Date('2027-01-15T10:00:00Z'))).toBe(2026);
    expect(financialYearLabel(2026)).toBe('2026-27');
    expect(financialYearLabel(2099)).toBe('2099-00');
  });

  it('are one series per kind, at most 16 characters of letters, digits, - and / (CGST rule 46)', () => {
    expect(taxDocumentNumber('invoice', 2026, 123)).toBe('PHN/26-27/000123');
    expect(taxDocumentNumber('credit-note', 2026, 45)).toBe('PCN/26-27/000045');
    expect(taxDocumentNumber('invoice', 2099, 1)).toBe('PHN/99-00/000001');
    expect(new Set(Object.values(TAX_DOCUMENT_PREFIXES)).size).toBe(2);
    for (const kind of ['invoice', 'credit-note'] as const) {
      const longest = taxDocumentNumber(kind, 2026, 999_999);
      expect(longest.length).toBeLessThanOrEqual(16);
      expect(longest).toMatch(/^[A-Z0-9/-]+$/);
    }
  });
});
