import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SUPPLY_TYPES, TAX_DOCUMENT_KINDS } from '@pehnava/shared';
import { bookings } from './bookings.js';
import { captures, refunds } from './payments.js';
import { users } from './users.js';

export const taxDocumentKind = pgEnum('tax_document_kind', TAX_DOCUMENT_KINDS);
export const supplyType = pgEnum('supply_type', SUPPLY_TYPES);

/** A party to a tax document as it was at issue. */
export interface TaxDocumentPartyRecord {
  name: string;
  address: string;
  state: string;
  stateCode: string;
}

/**
 * Everything a tax document shows, as it was when it was issued (decision 081), in paise: a later
 * change to the shopper's profile, the booking or a product never reaches it.
 */
export interface TaxDocumentRecord {
  number: string;
  /** The issue date in India. */
  date: string;
  seller: TaxDocumentPartyRecord & { gstin: string };
  buyer: TaxDocumentPartyRecord & { gstin: string | null };
  placeOfSupply: { state: string; stateCode: string };
  sac: string;
  /** Amounts include GST and add up to the total. */
  lines: { description: string; amountPaise: number }[];
  /** A credit note's invoice. */
  against: { number: string; date: string } | null;
  /** Why a credit note was issued. */
  reason: string | null;
}

/**
 * The last serial given in each kind's series in each financial year (its starting calendar year).
 * A document's number is taken by one UPDATE … RETURNING (an INSERT … ON CONFLICT DO UPDATE) in the
 * transaction that issues it: the row stays locked until that transaction ends, so two never share
 * a serial, and a transaction that rolls back gives its serial back (no gap).
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    kind: taxDocumentKind().notNull(),
    financialYear: integer().notNull(),
    lastSerial: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.financialYear] }),
    check('tax_document_counters_serial_positive', sql`${t.lastSerial} > 0`),
  ],
);

/**
 * GST tax invoices (one per payment applied: a booking, a balance, an extension, a plan) and credit
 * notes (one per refund of an invoiced payment), decision 081. Written once, in the transaction
 * that applies the payment or records the refund; the figures a report sums are columns, what the
 * document shows is `document`. A trigger (migration 0025) keeps every issued document as it was.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: taxDocumentKind().notNull(),
    financialYear: integer().notNull(),
    serial: integer().notNull(),
    /** 'PHN/26-27/000123' */
    number: text().notNull(),
    /** The date on the document (India). */
    issueDate: date({ mode: 'string' }).notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    /** The shopper; null once their account is deleted (the document itself is kept as issued). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'restrict' }),
    /** The payment it invoices, or the payment a credit note gives money back from. */
    captureId: uuid()
      .notNull()
      .references(() => captures.id, { onDelete: 'restrict' }),
    /** A credit note's refund. */
    refundId: uuid().references(() => refunds.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    originalId: uuid().references((): AnyPgColumn => taxDocuments.id, { onDelete: 'restrict' }),
    supply: supplyType().notNull(),
    ratePercent: integer().notNull(),
    taxablePaise: integer().notNull(),
    cgstPaise: integer().notNull(),
    sgstPaise: integer().notNull(),
    igstPaise: integer().notNull(),
    totalPaise: integer().notNull(),
    document: jsonb().$type<TaxDocumentRecord>().notNull(),
  },
  (t) => [
    uniqueIndex('tax_documents_kind_number_unique').on(t.kind, t.number),
    uniqueIndex('tax_documents_serial_unique').on(t.kind, t.financialYear, t.serial),
    uniqueIndex('tax_documents_one_invoice_per_payment')
      .on(t.captureId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('tax_documents_one_credit_note_per_refund').on(t.refundId),
    index('tax_documents_booking_idx').on(t.bookingId),
    index('tax_documents_issued_idx').on(t.issuedAt),
    check('tax_documents_serial_positive', sql`${t.serial} > 0`),
    check(
      'tax_documents_amounts',
      sql`${t.totalPaise} > 0 and ${t.taxablePaise} >= 0 and ${t.cgstPaise} >= 0
        and ${t.sgstPaise} >= 0 and ${t.igstPaise} >= 0
        and ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise}
        and (${t.supply} = 'intra-state' and ${t.igstPaise} = 0
          or ${t.supply} = 'inter-state' and ${t.cgstPaise} = 0 and ${t.sgstPaise} = 0)`,
    ),
    check(
      'tax_documents_kind_refers',
      sql`(${t.kind} = 'invoice' and ${t.refundId} is null and ${t.originalId} is null)
        or (${t.kind} = 'credit-note' and ${t.refundId} is not null and ${t.originalId} is not null)`,
    ),
  ],
);
