import { z } from 'zod';
import { SUPPLY_TYPES, TAX_DOCUMENT_KINDS } from '../constants/states.js';
import { isoDateSchema } from './common.js';

/** A party to a tax document as it was when the document was issued. */
const taxDocumentPartySchema = z.object({
  name: z.string(),
  /** Lines of the postal address, joined with ', '. */
  address: z.string(),
  state: z.string(),
  /** GST state code, two digits ('27'). */
  stateCode: z.string(),
});

/**
 * A GST tax invoice or credit note (decision 081), exactly as it was issued: a snapshot, which
 * later changes to the profile, the booking or the catalogue never touch. Amounts in rupees; the
 * lines' amounts include GST and add up to the total.
 */
export const taxDocumentSchema = z.object({
  kind: z.enum(TAX_DOCUMENT_KINDS),
  /** 'PHN/26-27/000123' (invoice) or 'PCN/26-27/000045' (credit note). */
  number: z.string(),
  /** The date it was issued, in India. */
  date: isoDateSchema,
  seller: taxDocumentPartySchema.extend({ gstin: z.string() }),
  /** The shopper: their delivery address for a booking, their profile for a plan. */
  buyer: taxDocumentPartySchema.extend({ gstin: z.string().nullable() }),
  placeOfSupply: z.object({ state: z.string(), stateCode: z.string() }),
  /** Services accounting code: 997326, renting clothing. */
  sac: z.string(),
  supply: z.enum(SUPPLY_TYPES),
  lines: z.array(z.object({ description: z.string(), amount: z.number() })),
  /** GST rate (percent); CGST and SGST are half of it each. */
  ratePercent: z.number(),
  taxableValue: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
  /** A credit note's invoice (number and date); null on an invoice. */
  against: z.object({ number: z.string(), date: isoDateSchema }).nullable(),
  /** Why a credit note was issued; null on an invoice. */
  reason: z.string().nullable(),
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

/**
 * GET /api/booking/{id}/invoice's query: `number` picks one document for the PDF answer
 * ('PHN/26-27/000123'); without it the PDF holds them all. The JSON answer lists them all.
 */
export const bookingInvoiceQuerySchema = z.object({
  number: z
    .string()
    .trim()
    .max(32)
    .optional()
    .describe('One document of the booking, by its number, e.g. PHN/26-27/000123 (PDF only)'),
});
export type BookingInvoiceQuery = z.infer<typeof bookingInvoiceQuerySchema>;

/** GET /api/booking/{id}/invoice: the booking's tax invoices and credit notes, oldest first. */
export const bookingInvoicesResponseSchema = z.object({
  success: z.literal(true),
  invoices: z.array(taxDocumentSchema),
  creditNotes: z.array(taxDocumentSchema),
});
export type BookingInvoicesResponse = z.infer<typeof bookingInvoicesResponseSchema>;

/**
 * GET /api/admin/bookings/{id}/tax-documents (the console's booking page): the booking's tax
 * invoices and credit notes in the order they were issued, each exactly as issued; empty before a
 * payment of it is applied.
 */
export const adminTaxDocumentsResponseSchema = z.object({
  success: z.literal(true),
  documents: z.array(taxDocumentSchema),
});
export type AdminTaxDocumentsResponse = z.infer<typeof adminTaxDocumentsResponseSchema>;

/** GET /api/admin/tax-documents?number=: one document, a plan's included, by its number. */
export const taxDocumentByNumberQuerySchema = z.object({
  number: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(32)
    .describe('A tax invoice’s or credit note’s number, e.g. PHN/26-27/000123 or PCN/26-27/000045'),
});
export type TaxDocumentByNumberQuery = z.infer<typeof taxDocumentByNumberQuerySchema>;

export const adminTaxDocumentResponseSchema = z.object({
  success: z.literal(true),
  document: taxDocumentSchema,
  /** The booking it belongs to; null for a plan's. */
  bookingId: z.uuid().nullable(),
});
export type AdminTaxDocumentResponse = z.infer<typeof adminTaxDocumentResponseSchema>;
