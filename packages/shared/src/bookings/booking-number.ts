/** Order number shown to shoppers: the last 8 characters of the booking id, upper-case (SPEC.md §9). */
export function bookingNumber(bookingId: string): string {
  return bookingId.slice(-8).toUpperCase();
}
