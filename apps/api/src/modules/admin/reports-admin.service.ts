import {
  FULFILMENT_MESSAGES,
  UTILISATION_MAX_DAYS,
  bookingNumber,
  daysBetween,
  gstInside,
  paiseToRupees,
  toCsv,
  type ReportResponse,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import { badRequest } from '../../lib/http-error.js';
import type { DocumentFigures, DocumentTotals, MoneyByPeriod } from './reports-admin.repository.js';

export interface ReportsAdminDeps {
  repos: Pick<Repositories, 'reportsAdmin'>;
  /** GST_RATE_PERCENT: the rate inside prices, written into every export row. */
  gstRatePercent: number;
}

const rupees = (paise: number) => paiseToRupees(paise).toFixed(2);
const iso = (value: Date | string | null) =>
  value === null ? '' : (value instanceof Date ? value : new Date(value)).toISOString();

function checkPeriod(from: string, to: string) {
  if (to < from) throw badRequest(FULFILMENT_MESSAGES.periodOrder);
  if (daysBetween(from, to) + 1 > UTILISATION_MAX_DAYS) {
    throw badRequest(FULFILMENT_MESSAGES.periodTooLong);
  }
}

type DocumentSums = Omit<DocumentTotals, 'kind' | 'count'>;
const NO_DOCUMENTS: DocumentSums = { taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };

/** Documents' figures summed, in rupees. */
const gstFigures = (sums: DocumentSums) => ({
  taxableValue: paiseToRupees(sums.taxable),
  cgst: paiseToRupees(sums.cgst),
  sgst: paiseToRupees(sums.sgst),
  igst: paiseToRupees(sums.igst),
  total: paiseToRupees(sums.total),
});

/**
 * The period's GST as its documents have it (decision 083): invoices, credit notes, and the
 * one less the other, in paise until the end.
 */
function gstOf(totals: DocumentTotals[]): ReportResponse['gst'] {
  const of = (kind: DocumentTotals['kind']) =>
    totals.find((row) => row.kind === kind) ?? { ...NO_DOCUMENTS, count: 0 };
  const invoices = of('invoice');
  const creditNotes = of('credit-note');
  const less = (key: keyof DocumentSums) => invoices[key] - creditNotes[key];
  return {
    invoices: { count: invoices.count, ...gstFigures(invoices) },
    creditNotes: { count: creditNotes.count, ...gstFigures(creditNotes) },
    net: gstFigures({
      taxable: less('taxable'),
      cgst: less('cgst'),
      sgst: less('sgst'),
      igst: less('igst'),
      total: less('total'),
    }),
  };
}

/**
 * The shop's reports for admins (issue [K], decision 054): money in and out by day, week or
 * month, late returns, the pieces that earn most, and CSV files for the accountant. Prices
 * include GST: each export row carries its taxable value, the GST inside and the rate used,
 * taken from the row's tax invoice or credit note, the legal record (decision 083).
 */
export function createReportsAdmin({ repos, gstRatePercent }: ReportsAdminDeps) {
  /**
   * A row's tax columns: [taxable value, GST, rate] where the file always had them, and
   * [document, CGST, SGST, IGST] at its end (decision 083). From the row's document when it has
   * one; else (a payment applied before documents were issued) the rate applied to `fallbackPaise`,
   * as before, with no split; `fallbackPaise` 0 for money that paid for nothing.
   */
  const tax = (row: DocumentFigures, fallbackPaise: number) => {
    if (row.document_number === null) {
      const { taxablePaise, gstPaise } = gstInside(fallbackPaise, gstRatePercent);
      return {
        kept: [rupees(taxablePaise), rupees(gstPaise), gstRatePercent],
        split: ['', '', '', ''],
      };
    }
    const [taxable, cgst, sgst, igst] = [
      row.document_taxable_paise!,
      row.document_cgst_paise!,
      row.document_sgst_paise!,
      row.document_igst_paise!,
    ];
    return {
      kept: [rupees(taxable), rupees(cgst + sgst + igst), row.document_rate!],
      split: [row.document_number, rupees(cgst), rupees(sgst), rupees(igst)],
    };
  };
  const splitColumns = ['CGST (₹)', 'SGST (₹)', 'IGST (₹)'];
  const money = (row: Omit<MoneyByPeriod, 'period'>) => ({
    rentals: paiseToRupees(row.rentals),
    plans: paiseToRupees(row.plans),
    charges: paiseToRupees(row.charges),
    refunds: paiseToRupees(row.refunds),
    net: paiseToRupees(row.rentals + row.plans + row.charges - row.refunds),
  });

  return {
    /** GET /api/admin/reports. */
    async report(query: {
      from: string;
      to: string;
      by: 'day' | 'week' | 'month';
    }): Promise<Omit<ReportResponse, 'success'>> {
      checkPeriod(query.from, query.to);
      const [rows, late, top, documents] = await Promise.all([
        repos.reportsAdmin.moneyByPeriod(query.from, query.to, query.by),
        repos.reportsAdmin.lateReturns(query.from, query.to),
        repos.reportsAdmin.topPieces(query.from, query.to),
        repos.reportsAdmin.documentTotals(query.from, query.to),
      ]);
      const sum = (key: keyof Omit<MoneyByPeriod, 'period'>) =>
        rows.reduce((total, row) => total + row[key], 0);
      return {
        ...query,
        gstRatePercent,
        rows: rows.map((row) => ({ period: row.period, ...money(row) })),
        totals: money({
          rentals: sum('rentals'),
          plans: sum('plans'),
          charges: sum('charges'),
          refunds: sum('refunds'),
        }),
        gst: gstOf(documents),
        lateReturns: {
          pieces: late.pieces,
          lateDays: late.lateDays,
          lateFees: paiseToRupees(late.feesPaise),
        },
        topPieces: top.map((piece) => ({
          _id: piece.id,
          productId: piece.product_code,
          name: piece.name,
          rentals: piece.rentals,
          revenue: paiseToRupees(piece.revenue),
        })),
      };
    },

    /** GET /api/admin/reports/export: the CSV text and its file name. */
    async export(query: {
      kind: 'bookings' | 'payments' | 'refunds';
      from: string;
      to: string;
    }): Promise<{ name: string; csv: string }> {
      checkPeriod(query.from, query.to);
      const name = `pehnava-${query.kind}-${query.from}-to-${query.to}.csv`;
      const taxColumns = ['Taxable value (₹)', 'GST (₹)', 'GST rate (%)'];
      if (query.kind === 'bookings') {
        const rows = await repos.reportsAdmin.bookingsPaid(query.from, query.to);
        return {
          name,
          csv: toCsv([
            [
              'Booking',
              'Paid at',
              'Status',
              'Shopper',
              'E-mail',
              'City',
              'State (place of supply)',
              'PIN code',
              'Pieces',
              'Subtotal (₹)',
              'Discount (₹)',
              'Delivery (₹)',
              'Damage protection (₹)',
              'Back-up sizes (₹)',
              'Total (₹)',
              ...taxColumns,
              'Provider',
              'Payment id',
              'Tax invoice',
              ...splitColumns,
            ],
            ...rows.map((row) => {
              const { kept, split } = tax(row, row.total_paise);
              return [
                bookingNumber(row.booking_id),
                iso(row.paid_at),
                row.status,
                row.name ?? 'Account deleted',
                row.email ?? '',
                row.city,
                row.state,
                row.pincode,
                row.pieces,
                rupees(row.subtotal_paise),
                rupees(row.discount_paise),
                rupees(row.delivery_paise),
                rupees(row.insurance_paise),
                rupees(row.backup_fees_paise),
                rupees(row.total_paise),
                ...kept,
                row.provider,
                row.payment_id,
                ...split,
              ];
            }),
          ]),
        };
      }
      if (query.kind === 'payments') {
        const rows = await repos.reportsAdmin.paymentsCaptured(query.from, query.to);
        return {
          name,
          csv: toCsv([
            [
              'Captured at',
              'Provider',
              'Payment id',
              'Method',
              'For',
              'Outcome',
              'Booking',
              'Amount (₹)',
              'Refunded (₹)',
              ...taxColumns,
              'Why refunded',
              'Tax invoice',
              ...splitColumns,
            ],
            ...rows.map((row) => {
              // The invoice's figures: a refund is in the refunds file with its credit note, on
              // the day it was made. A payment refunded instead of applied was never a sale.
              const { kept, split } = tax(row, row.outcome === 'applied' ? row.amount_paise : 0);
              return [
                iso(row.decided_at),
                row.provider,
                row.provider_payment_id,
                row.method,
                row.applied_to ?? row.purpose,
                row.outcome,
                row.booking_id ? bookingNumber(row.booking_id) : '',
                rupees(row.amount_paise),
                rupees(row.refunded_paise),
                ...kept,
                row.reason ?? '',
                ...split,
              ];
            }),
          ]),
        };
      }
      const rows = await repos.reportsAdmin.refundsAsked(query.from, query.to);
      return {
        name,
        csv: toCsv([
          [
            'Asked at',
            'Sent back at',
            'Booking',
            'Payment id',
            'Amount (₹)',
            'Status',
            ...taxColumns,
            'Reason',
            'Credit note',
            'Against invoice',
            ...splitColumns,
          ],
          ...rows.map((row) => {
            // The credit note's figures; none for a refund of a payment never applied.
            const { kept, split } = tax(
              row,
              row.capture_outcome === 'applied' ? row.amount_paise : 0,
            );
            const [note, ...parts] = split;
            return [
              iso(row.created_at),
              iso(row.processed_at),
              row.booking_id ? bookingNumber(row.booking_id) : '',
              row.provider_payment_id,
              rupees(row.amount_paise),
              row.status,
              ...kept,
              row.reason,
              note,
              row.against_number ?? '',
              ...parts,
            ];
          }),
        ]),
      };
    },
  };
}

export type ReportsAdmin = ReturnType<typeof createReportsAdmin>;
