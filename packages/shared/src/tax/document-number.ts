import type { TaxDocumentKind } from '../constants/states.js';
import { todayInIndia } from '../pricing/dates.js';

/*
 * Tax documents' numbers (decision 081): one gapless series per kind per financial year (India's,
 * April to March). CGST rule 46(b) allows at most 16 characters, letters, digits, '-' and '/',
 * unique for the financial year: `PHN/26-27/000123` for invoices, `PCN/26-27/000123` for credit
 * notes.
 */

/** Each kind's series prefix. */
export const TAX_DOCUMENT_PREFIXES = {
  invoice: 'PHN',
  'credit-note': 'PCN',
} as const satisfies Record<TaxDocumentKind, string>;

/** The serial's digits: a financial year's first million documents of a kind fit in 16 characters. */
export const TAX_DOCUMENT_SERIAL_DIGITS = 6;

/**
 * The financial year an instant falls in, in India (Asia/Kolkata), named by the calendar year it
 * starts in: 2026 for 1 April 2026 to 31 March 2027.
 */
export function financialYearOf(now: Date): number {
  const today = todayInIndia(now);
  const year = Number(today.slice(0, 4));
  return Number(today.slice(5, 7)) >= 4 ? year : year - 1;
}

/** '2026-27': a financial year as Indian documents write it. */
export function financialYearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** 'PHN/26-27/000123': the number of a kind's `serial`-th document of the financial year. */
export function taxDocumentNumber(
  kind: TaxDocumentKind,
  financialYear: number,
  serial: number,
): string {
  const years = `${String(financialYear % 100).padStart(2, '0')}-${String((financialYear + 1) % 100).padStart(2, '0')}`;
  return `${TAX_DOCUMENT_PREFIXES[kind]}/${years}/${String(serial).padStart(TAX_DOCUMENT_SERIAL_DIGITS, '0')}`;
}

/**
 * The SAC (services accounting code) on every tax document: 997326, 'Leasing or rental services
 * concerning textiles, clothing and footwear' (heading 9973, leasing or rental services without
 * operator; decision 081).
 */
export const CLOTHING_RENTAL_SAC = '997326';
