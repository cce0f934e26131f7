/**
 * The one order in which a transaction takes physical units, whether it reserves them (a
 * checkout) or stretches holds it already has (an extension): by product, size and back-up, then
 * by the unit's code, the order free units are listed in. A transaction that finds another's
 * uncommitted reservation in the way waits for it; two that take units in this same order never
 * wait on each other in a circle, which PostgreSQL would end after a second by failing one of
 * them with a 409 that says nothing of the piece.
 */

/** What orders a line's units among a transaction's lines. */
export interface LockedLine {
  productId: string;
  size: string;
  backup?: boolean;
}

/** The line part of the order: product, size, then a line's pieces before its back-up size. */
export function compareLines(a: LockedLine, b: LockedLine): number {
  return lineKey(a).localeCompare(lineKey(b));
}

/** Holds in the order their units are taken: by line, then by unit code. */
export function compareHolds(
  a: LockedLine & { unitCode: string },
  b: LockedLine & { unitCode: string },
): number {
  return compareLines(a, b) || a.unitCode.localeCompare(b.unitCode);
}

const lineKey = (line: LockedLine) => `${line.productId}|${line.size}|${line.backup ? 1 : 0}`;
