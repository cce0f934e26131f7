import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { TaxDocumentKind } from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import { bookings, taxDocumentCounters, taxDocuments } from '../../db/schema/index.js';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type TaxDocumentWrite = Omit<typeof taxDocuments.$inferInsert, 'id'>;

/** Tax invoices and credit notes (decision 081), and their series' counters: the only SQL on them. */
export function createTaxDocumentsRepository(db: Database) {
  return {
    /**
     * The next serial of a kind's series in a financial year: the counter row is made at 1 or
     * moved on by one, in one statement, and stays locked until the calling transaction ends. Two
     * transactions issuing at once take turns (the second waits, then reads the first's serial
     * only once it has committed), and a transaction that rolls back takes its serial back with it.
     * Run it in the transaction that writes the document.
     */
    async takeSerial(kind: TaxDocumentKind, financialYear: number): Promise<number> {
      const [row] = await db
        .insert(taxDocumentCounters)
        .values({ kind, financialYear, lastSerial: 1 })
        .onConflictDoUpdate({
          target: [taxDocumentCounters.kind, taxDocumentCounters.financialYear],
          set: { lastSerial: sql`${taxDocumentCounters.lastSerial} + 1` },
        })
        .returning({ serial: taxDocumentCounters.lastSerial });
      return row!.serial;
    },

    async insert(document: TaxDocumentWrite): Promise<TaxDocumentRow> {
      const [row] = await db.insert(taxDocuments).values(document).returning();
      return row!;
    },

    async findById(id: string): Promise<TaxDocumentRow | undefined> {
      const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id));
      return row;
    },

    /** A document by its number ('PHN/26-27/000123'): the kinds' prefixes differ, so one at most. */
    async findByNumber(number: string): Promise<TaxDocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.number, number))
        .orderBy(asc(taxDocuments.kind))
        .limit(1);
      return row;
    },

    /** The tax invoice of a payment (one at most). */
    async invoiceOfCapture(captureId: string): Promise<TaxDocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(taxDocuments)
        .where(and(eq(taxDocuments.captureId, captureId), eq(taxDocuments.kind, 'invoice')));
      return row;
    },

    /** A booking's invoices and credit notes, in the order they were issued. */
    async ofBooking(bookingId: string): Promise<TaxDocumentRow[]> {
      return db
        .select()
        .from(taxDocuments)
        .where(eq(taxDocuments.bookingId, bookingId))
        .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.kind), asc(taxDocuments.serial));
    },

    /**
     * The state of the shopper's latest paid delivery address: where a plan's services are
     * supplied (their address on record), when they have one.
     */
    async latestDeliveryStateOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ state: sql<string>`${bookings.deliveryAddress}->>'state'` })
        .from(bookings)
        .where(and(eq(bookings.userId, userId), eq(bookings.paymentStatus, 'completed')))
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(1);
      return row?.state ?? undefined;
    },
  };
}

export type TaxDocumentsRepository = ReturnType<typeof createTaxDocumentsRepository>;
