import { describe, expect, it } from 'vitest';
import { gstInside } from './gst';

describe('GST inside a price', () => {
  it('splits a price into taxable value and tax that add up to it', () => {
    expect(gstInside(118_00, 18)).toEqual({ taxablePaise: 100_00, gstPaise: 18_00 });
    expect(gstInside(548_00, 18)).toEqual({ taxablePaise: 46_441, gstPaise: 8_359 });
    expect(gstInside(105_00, 5)).toEqual({ taxablePaise: 100_00, gstPaise: 5_00 });
    for (const price of [1, 99, 12_345, 9_99_999]) {
      const { taxablePaise, gstPaise } = gstInside(price, 18);
      expect(taxablePaise + gstPaise).toBe(price);
    }
  });

  it('is no tax at a rate of 0', () => {
    expect(gstInside(500_00, 0)).toEqual({ taxablePaise: 500_00, gstPaise: 0 });
  });
});
