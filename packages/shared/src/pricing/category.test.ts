import { describe, expect, it } from 'vitest';
import { categoryForMrp } from './category.js';

describe('categoryForMrp', () => {
  it.each([
    [0, 'premium'],
    [2_000_00, 'premium'],
    [4_999_99, 'premium'],
    [5_000_00, 'royal'],
    [7_999_00, 'royal'],
    [10_000_00, 'royal'],
    [10_000_01, 'luxury'],
    [60_000_00, 'luxury'],
  ] as const)('MRP %i paise is %s', (mrpPaise, category) => {
    expect(categoryForMrp(mrpPaise)).toBe(category);
  });
});
