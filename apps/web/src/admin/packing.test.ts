import type { FulfilmentBooking } from '@pehnava/shared';
import { describe, expect, it } from 'vitest';
import {
  backupWithCode,
  codesOf,
  fullyReserved,
  isPacked,
  openParcel,
  piecesOf,
  scanForSending,
} from './packing';

let next = 0;
/** A booking on a send list, its lines given as tag codes (several for a line of two pieces). */
function booking(number: string, lines: string[][], sent = false): FulfilmentBooking {
  next += 1;
  return {
    bookingId: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    bookingNumber: number,
    status: sent ? 'shipped' : 'confirmed',
    shopper: { name: 'Asha', email: 'asha@example.com' },
    deliveryAddress: {
      name: 'Asha',
      phone: '9820012345',
      street: '12 Carter Road',
      landmark: '',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400050',
    },
    items: lines.map((codes, i) => ({
      itemId: `00000000-0000-4000-9000-${String(next * 10 + i).padStart(12, '0')}`,
      productId: 'PHN-LEH-0001',
      name: 'Lehenga',
      size: 'M',
      quantity: Math.max(1, codes.length),
      startDate: '2026-12-02',
      endDate: '2026-12-03',
      unitCodes: codes,
      dispatchedAt: sent ? '2026-11-30T05:00:00.000Z' : null,
      returnedAt: null,
      daysLate: 0,
      lateFees: 0,
    })),
  } as FulfilmentBooking;
}

describe('scan to send', () => {
  const two = booking('A1', [['LEH-1'], ['GWN-1', 'GWN-2']]);
  const one = booking('B2', [['SAR-1']]);
  const gone = booking('C3', [['KUR-1']], true);
  const early = booking('D4', [['SHE-1']]);
  const day = [two, one, gone];
  const tomorrow = [early];

  it('packs a piece of the day, in any case, and completes its booking with the last piece', () => {
    expect(scanForSending(' leh-1 ', { day, tomorrow, packed: new Set() })).toMatchObject({
      kind: 'packed',
      code: 'LEH-1',
      booking: two,
      packed: 1,
      of: 3,
    });
    const packed = new Set(['LEH-1', 'GWN-1']);
    expect(scanForSending('GWN-2', { day, tomorrow, packed, open: two })).toMatchObject({
      kind: 'complete',
      booking: two,
    });
    expect(scanForSending('SAR-1', { day, tomorrow, packed: new Set() })).toMatchObject({
      kind: 'complete',
      booking: one,
    });
  });

  it('refuses a piece already sent, one for tomorrow, and one of another booking mid-parcel', () => {
    expect(scanForSending('KUR-1', { day, tomorrow, packed: new Set() })).toEqual({
      kind: 'refused',
      code: 'KUR-1',
      message: 'KUR-1 was already sent with #C3',
    });
    expect(scanForSending('SHE-1', { day, tomorrow, packed: new Set() })).toEqual({
      kind: 'refused',
      code: 'SHE-1',
      message: 'SHE-1 is for #D4, to be sent tomorrow: not today',
    });
    const packed = new Set(['LEH-1']);
    expect(scanForSending('SAR-1', { day, tomorrow, packed, open: two })).toEqual({
      kind: 'refused',
      code: 'SAR-1',
      message: 'SAR-1 is not part of #A1: finish packing #A1, or put it aside first',
    });
  });

  it('says when a piece is scanned twice, and asks the server about a tag on neither list', () => {
    const packed = new Set(['LEH-1']);
    expect(scanForSending('LEH-1', { day, tomorrow, packed, open: two })).toMatchObject({
      kind: 'again',
      message: 'LEH-1 is already packed for #A1',
    });
    expect(scanForSending('NOPE-9', { day, tomorrow, packed })).toEqual({
      kind: 'ask',
      code: 'NOPE-9',
    });
  });

  it('never completes a booking with a line that has no piece reserved', () => {
    const short = booking('E5', [['CHO-1'], []]);
    expect(
      scanForSending('CHO-1', { day: [short], tomorrow: [], packed: new Set() }),
    ).toMatchObject({ kind: 'packed', packed: 1, of: 1 });
    expect(openParcel([short], new Set(['CHO-1']))).toBe(short);
  });

  it('the open parcel is the half-packed booking not yet sent', () => {
    expect(openParcel(day, new Set())).toBeUndefined();
    expect(openParcel(day, new Set(['GWN-1']))).toBe(two);
    // Fully packed: waiting for its Send, no longer in the way of the next parcel.
    expect(openParcel(day, new Set(['LEH-1', 'GWN-1', 'GWN-2']))).toBeUndefined();
  });
});

describe('scan to send, with a back-up size', () => {
  /** A booking of one line (`codes`) with a back-up size L whose tag is `backup` (null: none). */
  function withBackup(number: string, codes: string[], backup: string | null) {
    const made = booking(number, [codes]);
    made.items[0]!.backup = { size: 'L', unitCode: backup, sealIntact: null };
    return made;
  }

  it('counts the back-up as a piece of the parcel: complete only once it is scanned too', () => {
    const parcel = withBackup('F6', ['LEH-7'], 'LEH-L-3');
    const day = [parcel];
    expect(codesOf(parcel)).toEqual(['LEH-7', 'LEH-L-3']);
    expect(piecesOf(parcel)).toBe(2);
    expect(scanForSending('LEH-7', { day, tomorrow: [], packed: new Set() })).toMatchObject({
      kind: 'packed',
      packed: 1,
      of: 2,
    });
    expect(openParcel(day, new Set(['LEH-7']))).toBe(parcel);
    expect(
      scanForSending('leh-l-3', { day, tomorrow: [], packed: new Set(['LEH-7']), open: parcel }),
    ).toMatchObject({ kind: 'complete', booking: parcel, code: 'LEH-L-3' });
    // The back-up first, then the piece: the same parcel.
    expect(scanForSending('LEH-L-3', { day, tomorrow: [], packed: new Set() })).toMatchObject({
      kind: 'packed',
      packed: 1,
      of: 2,
    });
    expect(backupWithCode(parcel, 'LEH-L-3')).toMatchObject({ size: 'L' });
    expect(backupWithCode(parcel, 'LEH-7')).toBeUndefined();
  });

  it('never completes a parcel whose back-up has no unit reserved', () => {
    const short = withBackup('G7', ['SAR-9'], null);
    expect(fullyReserved(short)).toBe(false);
    expect(
      scanForSending('SAR-9', { day: [short], tomorrow: [], packed: new Set() }),
    ).toMatchObject({ kind: 'packed', packed: 1, of: 1 });
    expect(isPacked(short, new Set(['SAR-9']))).toBe(false);
  });

  it('refuses a back-up already sent, and one of another booking mid-parcel', () => {
    const gone = withBackup('H8', ['GWN-7'], 'GWN-L-2');
    gone.items[0]!.dispatchedAt = '2026-11-30T05:00:00.000Z';
    const open = booking('J9', [['KUR-5']]);
    const day = [open, gone];
    expect(scanForSending('GWN-L-2', { day, tomorrow: [], packed: new Set() })).toEqual({
      kind: 'refused',
      code: 'GWN-L-2',
      message: 'GWN-L-2 was already sent with #H8',
    });
    const half = withBackup('K1', ['CHO-4'], 'CHO-L-1');
    expect(
      scanForSending('CHO-L-1', {
        day: [open, half],
        tomorrow: [],
        packed: new Set(['KUR-5']),
        open,
      }),
    ).toMatchObject({ kind: 'refused', message: expect.stringContaining('not part of #J9') });
  });
});
