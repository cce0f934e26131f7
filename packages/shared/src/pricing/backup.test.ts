import { describe, expect, it } from 'vitest';
import { BACKUP_FEE_PAISE, FREE_SIZE, backupFee, backupSizesFor } from './backup.js';

const piece = (sizes: [string, boolean][], department = 'Women') => ({
  sizes: sizes.map(([size, available]) => ({ size, available })),
  filters: [{ type: 'category', value: department }],
});

describe('back-up sizes (DECISIONS.md "Back-up size")', () => {
  it('costs ₹199 on Free, ₹99 on Plus and nothing on Pro', () => {
    expect(BACKUP_FEE_PAISE).toEqual({ free: 19_900, plus: 9_900, pro: 0 });
    expect([backupFee('free'), backupFee('plus'), backupFee('pro')]).toEqual([199, 99, 0]);
  });

  it('offers the piece’s other sizes on offer', () => {
    const p = piece([
      ['S', true],
      ['M', true],
      ['L', false],
      ['XL', true],
    ]);
    expect(backupSizesFor(p, 'M')).toEqual(['S', 'XL']);
    expect(backupSizesFor(p, 'L')).toEqual(['S', 'M', 'XL']);
  });

  it('offers none for accessories, Free Size or a piece in one size', () => {
    expect(
      backupSizesFor(
        piece(
          [
            ['M', true],
            ['L', true],
          ],
          'Accessories',
        ),
        'M',
      ),
    ).toEqual([]);
    expect(backupSizesFor(piece([[FREE_SIZE, true]]), FREE_SIZE)).toEqual([]);
    expect(backupSizesFor(piece([['M', true]]), 'M')).toEqual([]);
  });
});
