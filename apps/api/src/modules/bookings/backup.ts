import { BACKUP_MESSAGES, backupSizesFor, type Product } from '@pehnava/shared';
import { badRequest } from '../../lib/http-error.js';
import type { BookingItemRow } from './bookings.repository.js';
import type { LineToReserve } from './inventory.js';

/*
 * A back-up size (issue [O] §2, decision 074): a second size of a line's piece sent for the same
 * dates in the same parcel, sealed, held like any piece (a hold flagged `backup` on the line).
 */

/**
 * The back-up size a checkout line asked for, checked against the piece: none when it asked for
 * none; a 400 naming what is allowed when the piece has no other size, or the size is the line's
 * own or not one of the piece's sizes on offer.
 */
export function checkBackupSize(
  product: Pick<Product, 'name' | 'sizes' | 'filters'>,
  size: string,
  asked: string | undefined,
): string | undefined {
  if (asked === undefined || asked.trim() === '') return undefined;
  const wanted = asked.trim();
  const offered = backupSizesFor(product, size);
  if (offered.length === 0) throw badRequest(BACKUP_MESSAGES.notOffered(product.name));
  if (wanted.toLowerCase() === size.toLowerCase()) throw badRequest(BACKUP_MESSAGES.sameSize);
  const match = offered.find((s) => s.toLowerCase() === wanted.toLowerCase());
  if (!match) throw badRequest(BACKUP_MESSAGES.sizeUnknown(product.name, offered));
  return match;
}

/** What stored lines hold: each line's pieces, and one more of its back-up size when it has one. */
export function linesToReserve(
  items: Pick<
    BookingItemRow,
    'id' | 'productId' | 'size' | 'quantity' | 'startDate' | 'endDate' | 'backupSize'
  >[],
): LineToReserve[] {
  return items.flatMap((item) => {
    const line = {
      itemId: item.id,
      productId: item.productId,
      size: item.size,
      quantity: item.quantity,
      startDate: item.startDate,
      endDate: item.endDate,
    };
    return item.backupSize
      ? [line, { ...line, size: item.backupSize, quantity: 1, backup: true }]
      : [line];
  });
}
