import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstInside, supplyTypeOf, taxSplit, type SupplyType } from './gst';

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

describe('the tax split of a tax invoice', () => {
  const gross = fc.integer({ min: 0, max: 10_000_000_00 });
  const rate = fc.constantFrom(0, 3, 5, 12, 18, 28, 40);
  const supply = fc.constantFrom<SupplyType>('intra-state', 'inter-state');

  it('always adds up to the gross exactly, in whole paise, none of it negative', () => {
    fc.assert(
      fc.property(gross, rate, supply, (paise, percent, type) => {
        const split = taxSplit(paise, percent, type);
        const parts = [split.taxablePaise, split.cgstPaise, split.sgstPaise, split.igstPaise];
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(paise);
        expect(split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(split.taxPaise);
        for (const part of parts) {
          expect(Number.isInteger(part) && part >= 0).toBe(true);
        }
      }),
      { seed: 81, numRuns: 2_000 },
    );
  });

  it('takes its taxable value from gstInside, so invoices agree with the exports', () => {
    fc.assert(
      fc.property(gross, rate, supply, (paise, percent, type) => {
        const { taxablePaise, gstPaise } = gstInside(paise, percent);
        const split = taxSplit(paise, percent, type);
        expect(split.taxablePaise).toBe(taxablePaise);
        expect(split.taxPaise).toBe(gstPaise);
      }),
      { seed: 82 },
    );
  });

  it('is CGST and SGST, half each, within the state (the odd paisa to CGST); all IGST across states', () => {
    fc.assert(
      fc.property(gross, rate, (paise, percent) => {
        const within = taxSplit(paise, percent, 'intra-state');
        expect(within.igstPaise).toBe(0);
        expect(within.cgstPaise - within.sgstPaise).toBe(within.taxPaise % 2);
        const across = taxSplit(paise, percent, 'inter-state');
        expect(across.cgstPaise + across.sgstPaise).toBe(0);
        expect(across.igstPaise).toBe(across.taxPaise);
      }),
      { seed: 83 },
    );
    // ₹1,180 at 18%: ₹1,000 taxable, ₹90 + ₹90, or ₹180 IGST.
    expect(taxSplit(1_180_00, 18, 'intra-state')).toEqual({
      taxablePaise: 1_000_00,
      taxPaise: 180_00,
      cgstPaise: 90_00,
      sgstPaise: 90_00,
      igstPaise: 0,
    });
    expect(taxSplit(1_180_00, 18, 'inter-state').igstPaise).toBe(180_00);
    // ₹548 at 18%: taxable 464.41, tax 83.59, an odd number of paise: CGST 41.80, SGST 41.79.
    expect(taxSplit(548_00, 18, 'intra-state')).toMatchObject({
      taxablePaise: 46_441,
      cgstPaise: 4_180,
      sgstPaise: 4_179,
    });
  });

  it('is intra-state only when the place of supply is the seller’s state', () => {
    expect(supplyTypeOf('27', '27')).toBe('intra-state');
    expect(supplyTypeOf('27', '08')).toBe('inter-state');
  });
});
