import { describe, expect, it } from 'vitest';
import { compareHolds, compareLines } from './lock-order.js';

describe('the order units are taken in', () => {
  it('goes by product, then size, then a line before its back-up size', () => {
    const lines = [
      { productId: 'b', size: 'M' },
      { productId: 'a', size: 'S', backup: true },
      { productId: 'a', size: 'M' },
      { productId: 'a', size: 'S' },
    ];
    expect([...lines].sort(compareLines)).toEqual([
      { productId: 'a', size: 'M' },
      { productId: 'a', size: 'S' },
      { productId: 'a', size: 'S', backup: true },
      { productId: 'b', size: 'M' },
    ]);
  });

  it("orders an extension's holds as a checkout takes their units, whatever the booking's order", () => {
    // A booking whose lines were written product b first; a checkout of both takes a's unit first.
    const holds = [
      { productId: 'b', size: 'M', unitCode: 'B-M-2' },
      { productId: 'b', size: 'M', unitCode: 'B-M-1' },
      { productId: 'a', size: 'S', unitCode: 'A-S-1', backup: true },
      { productId: 'a', size: 'M', unitCode: 'A-M-1' },
    ];
    expect([...holds].sort(compareHolds).map((hold) => hold.unitCode)).toEqual([
      'A-M-1',
      'A-S-1',
      'B-M-1',
      'B-M-2',
    ]);
  });
});
