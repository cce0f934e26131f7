import MessageFormat from '@messageformat/core';
import { BACKUP_MESSAGES, type CartEntry } from '@pehnava/shared';
import { describe, expect, it } from 'vitest';
import english from '../../i18n/catalogues/en/checkout.json';
import {
  backupFeesFor,
  backupOptions,
  backupPriceText,
  chosenBackup,
  lineKey,
  lineWithBackupTaken,
} from './backup';

/** A cart line of a piece in `sizes` (all on offer), rented in `size`, of `department`. */
function line(name: string, size: string, sizes: string[], department = 'Women'): CartEntry {
  return {
    product: {
      _id: `id-${name}`,
      name,
      sizes: sizes.map((s) => ({ size: s, available: true })),
      filters: [{ type: 'category', value: department }],
    },
    size,
    duration: 2,
    quantity: 1,
    startDate: '2026-12-02',
    endDate: '2026-12-03',
    priceAtTime: 1499,
    datesAvailable: true,
  } as unknown as CartEntry;
}

/** The words backupPriceText is given: checkout's English catalogue, compiled as the build does. */
const compiler = new MessageFormat('en');
const words = {
  backupFreeOn: compiler.compile(english.backupFreeOn),
  backupPriceOn: compiler.compile(english.backupPriceOn),
};

describe('a back-up size at checkout', () => {
  const lehenga = line('Rani Lehenga', 'M', ['S', 'M', 'L']);
  const sherwani = line('Ivory Sherwani', 'L', ['M', 'L', 'XL'], 'Men');
  const dupatta = line('Zari Dupatta', 'Free Size', ['Free Size'], 'Accessories');

  it('offers the piece’s other sizes, none for an accessory or Free Size', () => {
    expect(backupOptions(lehenga)).toEqual(['S', 'L']);
    expect(backupOptions(dupatta)).toEqual([]);
  });

  it('counts a choice only while the piece still offers it, and prices each line by plan', () => {
    const choices = { [lineKey(lehenga)]: 'L', [lineKey(dupatta)]: 'M' };
    expect(chosenBackup(lehenga, choices)).toBe('L');
    expect(chosenBackup(dupatta, choices)).toBeUndefined();
    expect(chosenBackup(sherwani, choices)).toBeUndefined();
    const both = { ...choices, [lineKey(sherwani)]: 'XL' };
    expect(backupFeesFor([lehenga, sherwani, dupatta], both, 'free')).toBe(398);
    expect(backupFeesFor([lehenga, sherwani, dupatta], both, 'plus')).toBe(198);
    expect(backupFeesFor([lehenga, sherwani, dupatta], both, 'pro')).toBe(0);
    expect(backupFeesFor([lehenga], {}, 'free')).toBe(0);
  });

  it('says its price as the plan has it', () => {
    expect(backupPriceText('free', words)).toBe('₹199');
    expect(backupPriceText('plus', words)).toBe('₹99 on Plus');
    expect(backupPriceText('pro', words)).toBe('Free on Pro');
  });

  it('knows the line whose back-up the server found taken', () => {
    const choices = { [lineKey(lehenga)]: 'L', [lineKey(sherwani)]: 'XL' };
    const entries = [lehenga, sherwani];
    expect(
      lineWithBackupTaken(entries, choices, BACKUP_MESSAGES.taken('Ivory Sherwani', 'XL')),
    ).toBe(sherwani);
    expect(
      lineWithBackupTaken(entries, choices, BACKUP_MESSAGES.taken('Ivory Sherwani', 'M')),
    ).toBeUndefined();
    expect(lineWithBackupTaken(entries, choices, 'Sorry, this item is booked')).toBeUndefined();
  });
});
