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
import type { MoneyByPeriod } from './reports-admin.repository.js';

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

/**
 * The shop's reports for admins (issue [K], decision 054): money in and out by day, week or
 * month, late returns, the pieces that earn most, and CSV files for the accountant. Prices
 * include GST: each export row carries its taxable value, the GST inside and the rate used.
 */
export function createReportsAdmin({ repos, gstRatePercent }: ReportsAdminDeps) {
  const tax = (paise: number) => {
    const { taxablePaise, gstPaise } = gstInside(paise, gstRatePercent);
    return [rupees(taxablePaise), rupees(gstPaise), gstRatePercent];
  };
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
      const [rows, late, top] = await Promise.all([
        repos.reportsAdmin.moneyByPeriod(query.from, query.to, query.by),
        repos.reportsAdmin.lateReturns(query.from, query.to),
        repos.reportsAdmin.topPieces(query.from, query.to),
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
            ],
            ...rows.map((row) => [
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
              ...tax(row.total_paise),
              row.provider,
              row.payment_id,
            ]),
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
            ],
            ...rows.map((row) => [
              iso(row.decided_at),
              row.provider,
              row.provider_payment_id,
              row.method,
              row.applied_to ?? row.purpose,
              row.outcome,
              row.booking_id ? bookingNumber(row.booking_id) : '',
              rupees(row.amount_paise),
              rupees(row.refunded_paise),
              // Tax only on money kept: a payment refunded in full was never a sale.
              ...tax(row.outcome === 'applied' ? row.amount_paise - row.refunded_paise : 0),
              row.reason ?? '',
            ]),
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
          ],
          ...rows.map((row) => [
            iso(row.created_at),
            iso(row.processed_at),
            row.booking_id ? bookingNumber(row.booking_id) : '',
            row.provider_payment_id,
            rupees(row.amount_paise),
            row.status,
            ...tax(row.amount_paise),
            row.reason,
          ]),
        ]),
      };
    },
  };
}

export type ReportsAdmin = ReturnType<typeof createReportsAdmin>;
