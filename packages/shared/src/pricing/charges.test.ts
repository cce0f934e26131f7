import { describe, expect, it } from 'vitest';
import {
  LATE_FEE_PAISE,
  damageCapPaise,
  damagePaise,
  lateDays,
  purchasePaise,
  treatedAsBought,
} from './charges.js';

describe('late days', () => {
  it('are the days after the end date up to the last, at most 14', () => {
    expect(lateDays('2026-12-10', '2026-12-10')).toEqual([]);
    expect(lateDays('2026-12-10', '2026-12-09')).toEqual([]);
    expect(lateDays('2026-12-10', '2026-12-12')).toEqual(['2026-12-11', '2026-12-12']);
    expect(lateDays('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(lateDays('2026-12-10', '2027-02-01')).toHaveLength(14);
    expect(lateDays('2026-12-10', '2027-02-01').at(-1)).toBe('2026-12-24');
  });

  it('are charged at the plan the item was booked under', () => {
    expect(LATE_FEE_PAISE).toEqual({ free: 24900, plus: 14900, pro: 9900 });
  });

  it('turn into a purchase once 14 full days have passed', () => {
    expect(treatedAsBought('2026-12-10', '2026-12-24')).toBe(false);
    expect(treatedAsBought('2026-12-10', '2026-12-25')).toBe(true);
  });
});

describe('a piece treated as bought', () => {
  it('costs its MRP less the rental and the late fees paid, never below nothing', () => {
    expect(
      purchasePaise({
        mrpPaise: 20_000_00,
        pieces: 1,
        rentalPaidPaise: 2_499_00,
        lateFeesPaidPaise: 0,
      }),
    ).toBe(17_501_00);
    expect(
      purchasePaise({
        mrpPaise: 5_000_00,
        pieces: 2,
        rentalPaidPaise: 1_000_00,
        lateFeesPaidPaise: 498_00,
      }),
    ).toBe(8_502_00);
    expect(
      purchasePaise({
        mrpPaise: 1_000_00,
        pieces: 1,
        rentalPaidPaise: 1_500_00,
        lateFeesPaidPaise: 0,
      }),
    ).toBe(0);
  });
});

describe('damage', () => {
  const mrpPaise = 30_000_00;
  it('with protection: a small repair is free, major damage or loss capped at 25% of MRP', () => {
    const covered = { mrpPaise, protectedByInsurance: true };
    expect(damageCapPaise('needs-repair', covered)).toBe(0);
    expect(damageCapPaise('major-damage', covered)).toBe(7_500_00);
    expect(damageCapPaise('lost', covered)).toBe(7_500_00);
    expect(damageCapPaise('good', covered)).toBe(0);
  });

  it('without: the repair fee, or up to the MRP; an operator may ask less, never more', () => {
    const bare = { mrpPaise, protectedByInsurance: false, pieces: 1 };
    expect(damagePaise('needs-repair', bare)).toBe(500_00);
    expect(damagePaise('needs-repair', { ...bare, askedPaise: 1 })).toBe(500_00);
    expect(damagePaise('lost', bare)).toBe(30_000_00);
    expect(damagePaise('major-damage', { ...bare, askedPaise: 4_000_00 })).toBe(4_000_00);
    expect(damagePaise('major-damage', { ...bare, askedPaise: 30_000_01 })).toBeUndefined();
    expect(damagePaise('lost', { ...bare, pieces: 2 })).toBe(60_000_00);
    expect(
      damagePaise('lost', {
        mrpPaise,
        protectedByInsurance: true,
        pieces: 1,
        askedPaise: 8_000_00,
      }),
    ).toBeUndefined();
  });
});
