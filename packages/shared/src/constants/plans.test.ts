import { describe, expect, it } from 'vitest';
import { daysLabel } from './durations.js';
import { PLAN_DEFINITIONS, planPeriodLabel } from './plans.js';

describe('durations in words', () => {
  it("says '1 day' and 'N days', as SPEC.md shows durations", () => {
    expect(daysLabel(1)).toBe('1 day');
    expect(daysLabel(2)).toBe('2 days');
    expect(daysLabel(14)).toBe('14 days');
  });

  it("labels a paid plan's period for 'per …' and leaves Free's empty", () => {
    const labels = PLAN_DEFINITIONS.map((p) => [p.id, planPeriodLabel(p.durationDays)]);
    expect(labels).toEqual([
      ['free', ''],
      ['plus', '14 days'],
      ['pro', '14 days'],
    ]);
  });
});
