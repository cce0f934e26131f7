import { z } from 'zod';
import { REPORT_EXPORTS, REPORT_GROUPINGS } from '../constants/admin-limits.js';
import { isoDateSchema, rupeesSchema } from './common.js';
import { dayInputSchema } from './fulfilment.js';

/*
 * The shop's reports for admins (issue [K]): money in and out by day, week or month, late returns,
 * the pieces that earn most, and CSV files for the accountant with GST columns (decision 054).
 */

/** GET /api/admin/reports?from=&to=&by=: both days in India, inclusive, at most 366 apart. */
export const reportQuerySchema = z.object({
  from: dayInputSchema,
  to: dayInputSchema,
  by: z.enum(REPORT_GROUPINGS).optional().default('day'),
});

const moneyRow = {
  /** Bookings paid (rental, delivery, protection, less coupons). */
  rentals: rupeesSchema,
  /** Plans bought and renewed. */
  plans: rupeesSchema,
  /** Late fees, pieces kept and damage paid. */
  charges: rupeesSchema,
  /** Refunds of payments applied, sent back (processed). */
  refunds: rupeesSchema,
  /** In less out. */
  net: z.number(),
};

/** Tax documents' figures summed, in rupees (decision 083). */
const gstFigures = {
  taxableValue: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** Taxable value plus the GST: what the documents say was paid (or refunded). */
  total: z.number(),
};
const documentSums = z.object({
  count: z.number().int().nonnegative(),
  ...gstFigures,
});

export const reportResponseSchema = z.object({
  success: z.literal(true),
  from: isoDateSchema,
  to: isoDateSchema,
  by: z.enum(REPORT_GROUPINGS),
  /** The GST rate the exports use, in percent (GST_RATE_PERCENT). */
  gstRatePercent: z.number().nonnegative(),
  /** One row per day, week (from Monday) or month with money in it, oldest first. */
  rows: z.array(z.object({ period: isoDateSchema, ...moneyRow })),
  totals: z.object(moneyRow),
  lateReturns: z.object({
    /** Pieces back after their end date within the period. */
    pieces: z.number().int().nonnegative(),
    /** Late days they owed, and the late fees raised for days in the period (not waived). */
    lateDays: z.number().int().nonnegative(),
    lateFees: rupeesSchema,
  }),
  /**
   * The GST of the period as its tax documents have it (decision 083): invoices and credit
   * notes issued on its days, and invoices less credit notes (below zero when more was credited
   * than invoiced). What the accountant's files add up to.
   */
  gst: z.object({
    invoices: documentSums,
    creditNotes: documentSums,
    net: z.object(gstFigures),
  }),
  /** The ten pieces whose paid bookings in the period earned most. */
  topPieces: z.array(
    z.object({
      _id: z.uuid(),
      productId: z.string(),
      name: z.string(),
      rentals: z.number().int().nonnegative(),
      revenue: rupeesSchema,
    }),
  ),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** GET /api/admin/reports/export?kind=&from=&to=: a CSV file. */
export const reportExportQuerySchema = z.object({
  kind: z.enum(REPORT_EXPORTS),
  from: dayInputSchema,
  to: dayInputSchema,
});
