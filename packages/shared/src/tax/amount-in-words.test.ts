import { describe, expect, it } from 'vitest';
import { formatRupeesWithPaise } from '../pricing/money.js';
import { rupeesInWords, wholeNumberInWords } from './amount-in-words.js';

describe('amounts in words on tax documents', () => {
  it('count in thousands, lakhs and crores', () => {
    expect(wholeNumberInWords(0)).toBe('Zero');
    expect(wholeNumberInWords(7)).toBe('Seven');
    expect(wholeNumberInWords(19)).toBe('Nineteen');
    expect(wholeNumberInWords(40)).toBe('Forty');
    expect(wholeNumberInWords(42)).toBe('Forty-Two');
    expect(wholeNumberInWords(100)).toBe('One Hundred');
    expect(wholeNumberInWords(1_000)).toBe('One Thousand');
    expect(wholeNumberInWords(1_299)).toBe('One Thousand Two Hundred Ninety-Nine');
    expect(wholeNumberInWords(100_000)).toBe('One Lakh');
    expect(wholeNumberInWords(12_345_678)).toBe(
      'One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight',
    );
    expect(wholeNumberInWords(1_230_000_000)).toBe('One Hundred Twenty-Three Crore');
    expect(() => wholeNumberInWords(1.5)).toThrow(RangeError);
  });

  it('write rupees and paise as an invoice does', () => {
    expect(rupeesInWords(1299.5)).toBe(
      'Rupees One Thousand Two Hundred Ninety-Nine and Fifty Paise Only',
    );
    expect(rupeesInWords(500)).toBe('Rupees Five Hundred Only');
    expect(rupeesInWords(0.5)).toBe('Fifty Paise Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(123456.01)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and One Paise Only',
    );
  });

  it('show amounts with paise and Indian grouping', () => {
    expect(formatRupeesWithPaise(123456)).toBe('₹1,23,456.00');
    expect(formatRupeesWithPaise(1299.5)).toBe('₹1,299.50');
    expect(formatRupeesWithPaise(0)).toBe('₹0.00');
    expect(formatRupeesWithPaise(-200)).toBe('-₹200.00');
    expect(formatRupeesWithPaise(-0.001)).toBe('₹0.00');
    expect(formatRupeesWithPaise(12345678.9)).toBe('₹1,23,45,678.90');
  });
});
