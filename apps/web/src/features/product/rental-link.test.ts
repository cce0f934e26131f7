import { describe, expect, it } from 'vitest';
import { linkedChoice } from './rental-link';

const product = {
  sizes: [
    { size: 'S', available: true },
    { size: 'M', available: true },
    { size: 'XL', available: false },
  ],
};

describe('linkedChoice (a notify-me e-mail link)', () => {
  it('chooses the size, length and start date the address names', () => {
    expect(linkedChoice(product, '?size=M&start=2026-12-12&days=4')).toEqual({
      size: 'M',
      duration: 4,
      startDate: '2026-12-12',
    });
  });

  it('chooses nothing without them: no size, 2 days, no date', () => {
    expect(linkedChoice(product, '')).toEqual({ size: '', duration: 2, startDate: '' });
  });

  it('leaves out a size not offered, a length the free plan has not, and a date that is not one', () => {
    expect(linkedChoice(product, '?size=XL&start=2026-02-30&days=14')).toEqual({
      size: '',
      duration: 2,
      startDate: '',
    });
    expect(linkedChoice(product, '?size=XXL&start=12-12-2026&days=3')).toEqual({
      size: '',
      duration: 2,
      startDate: '',
    });
  });
});
