import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/** A day of an instant in India, in SQL. */
const dayOf = (column: SQL) => sql`(${column} at time zone 'Asia/Kolkata')::date`;

export interface MoneyByPeriod {
  period: string;
  rentals: number;
  plans: number;
  charges: number;
  refunds: number;
}

export interface TopPiece {
  id: string;
  product_code: string;
  name: string;
  rentals: number;
  revenue: number;
}

/**
 * A tax document's figures as an export row carries them (decision 083), in paise; null columns
 * when the row has no document (a payment refunded instead of applied, or one applied before
 * documents were issued).
 */
export interface DocumentFigures {
  document_number: string | null;
  document_rate: number | null;
  document_taxable_paise: number | null;
  document_cgst_paise: number | null;
  document_sgst_paise: number | null;
  document_igst_paise: number | null;
}

/** The documents of a kind issued in a period: how many, and their figures summed (paise). */
export interface DocumentTotals {
  kind: 'invoice' | 'credit-note';
  count: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface BookingExportRow extends DocumentFigures {
  booking_id: string;
  paid_at: Date | string;
  status: string;
  name: string | null;
  email: string | null;
  city: string;
  state: string;
  pincode: string;
  pieces: number;
  subtotal_paise: number;
  discount_paise: number;
  delivery_paise: number;
  insurance_paise: number;
  backup_fees_paise: number;
  total_paise: number;
  payment_id: string;
  provider: string;
}

export interface PaymentExportRow extends DocumentFigures {
  decided_at: Date | string;
  provider: string;
  provider_payment_id: string;
  method: string;
  purpose: string;
  outcome: string;
  applied_to: string | null;
  booking_id: string | null;
  amount_paise: number;
  refunded_paise: number;
  reason: string | null;
}

export interface RefundExportRow extends DocumentFigures {
  created_at: Date | string;
  /** The invoice a credit note is against. */
  against_number: string | null;
  /** What became of the payment refunded: applied (then refunded in part or whole) or not. */
  capture_outcome: string;
  processed_at: Date | string | null;
  booking_id: string | null;
  provider_payment_id: string;
  amount_paise: number;
  status: string;
  reason: string;
}

/** A document's figures under the names DocumentFigures gives them (`d` is tax_documents). */
const documentFigures = sql`d.number as document_number, d.rate_percent as document_rate,
  d.taxable_paise as document_taxable_paise, d.cgst_paise as document_cgst_paise,
  d.sgst_paise as document_sgst_paise, d.igst_paise as document_igst_paise`;

/** Both drivers answer `rows` (the Database type leaves the result's shape open). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The shop's money as the reports read it (issue [K], decision 054): applied captures by what
 * they paid for, refunds sent back, late returns, earning pieces, and the accountant's rows.
 * Read-only; days are India's.
 */
export function createReportsAdminRepository(db: Database) {
  return {
    /** Money in (applied captures) and out (processed refunds) per day, week or month. */
    async moneyByPeriod(from: string, to: string, by: 'day' | 'week' | 'month') {
      const result = await db.execute(sql`
        with money_in as (
          select date_trunc(${by}, ${dayOf(sql`c.decided_at`)})::date as period,
            coalesce(sum(c.amount_paise) filter (where c.applied_to in ('booking', 'extension')), 0)::int as rentals,
            coalesce(sum(c.amount_paise) filter (where c.applied_to = 'plan'), 0)::int as plans,
            coalesce(sum(c.amount_paise) filter (where c.applied_to = 'charges'), 0)::int as charges
          from captures c
          where c.outcome = 'applied'
            and ${dayOf(sql`c.decided_at`)} between ${from}::date and ${to}::date
          group by 1
        ),
        money_out as (
          select date_trunc(${by}, ${dayOf(sql`r.processed_at`)})::date as period,
            sum(r.amount_paise)::int as refunds
          from refunds r
          join captures c on c.id = r.capture_id
          -- A payment refunded instead of applied was never money in (decision 054): nor is its
          -- refund money out (decision 083).
          where r.status = 'processed' and c.outcome = 'applied'
            and ${dayOf(sql`r.processed_at`)} between ${from}::date and ${to}::date
          group by 1
        )
        select to_char(coalesce(i.period, o.period), 'YYYY-MM-DD') as period,
          coalesce(i.rentals, 0) as rentals, coalesce(i.plans, 0) as plans,
          coalesce(i.charges, 0) as charges, coalesce(o.refunds, 0) as refunds
        from money_in i
        full join money_out o on o.period = i.period
        order by 1
      `);
      return rowsOf<MoneyByPeriod>(result);
    },

    /** Pieces back late in the period, their late days, and late fees raised for its days. */
    async lateReturns(from: string, to: string) {
      const [back] = rowsOf<{ pieces: number; late_days: number }>(
        await db.execute(sql`
          select count(*)::int as pieces,
            coalesce(sum(r.returned_on - i.end_date), 0)::int as late_days
          from unit_reservations r
          join booking_items i on i.id = r.booking_item_id
          where r.returned_on between ${from}::date and ${to}::date
            and r.returned_on > i.end_date
        `),
      );
      const [fees] = rowsOf<{ paise: number }>(
        await db.execute(sql`
          select coalesce(sum(amount_paise), 0)::int as paise from booking_charges
          where kind = 'late-fee' and status <> 'waived'
            and day between ${from}::date and ${to}::date
        `),
      );
      return {
        pieces: back?.pieces ?? 0,
        lateDays: back?.late_days ?? 0,
        feesPaise: fees?.paise ?? 0,
      };
    },

    /** The ten products whose bookings paid in the period earned most (their lines' prices). */
    async topPieces(from: string, to: string) {
      const result = await db.execute(sql`
        select p.id, p.product_id as product_code, p.name,
          sum(i.quantity)::int as rentals, sum(i.total_paise)::int as revenue
        from captures c
        join booking_items i on i.booking_id = c.booking_id
        join products p on p.id = i.product_id
        where c.outcome = 'applied' and c.applied_to = 'booking'
          and ${dayOf(sql`c.decided_at`)} between ${from}::date and ${to}::date
        group by p.id, p.product_id, p.name
        order by revenue desc, p.product_id
        limit 10
      `);
      return rowsOf<TopPiece>(result);
    },

    /**
     * The tax invoices and credit notes issued in the period (their dates, in India), by kind:
     * the legal record the files and reports agree with (decision 083).
     */
    async documentTotals(from: string, to: string) {
      const result = await db.execute(sql`
        -- float8: exact for whole paise up to 2^53, and a number from both drivers (a year's
        -- sums can pass int's ₹2.1 crore).
        select kind, count(*)::int as count,
          sum(taxable_paise)::float8 as taxable, sum(cgst_paise)::float8 as cgst,
          sum(sgst_paise)::float8 as sgst, sum(igst_paise)::float8 as igst,
          sum(total_paise)::float8 as total
        from tax_documents
        where issue_date between ${from}::date and ${to}::date
        group by kind
      `);
      return rowsOf<DocumentTotals>(result);
    },

    /** Bookings paid in the period, with who (if still known) and where (place of supply). */
    async bookingsPaid(from: string, to: string) {
      const result = await db.execute(sql`
        select b.id as booking_id, c.decided_at as paid_at, b.status, u.name, u.email,
          b.delivery_address->>'city' as city, b.delivery_address->>'state' as state,
          b.delivery_address->>'pincode' as pincode,
          (select coalesce(sum(quantity), 0)::int from booking_items where booking_id = b.id) as pieces,
          b.subtotal_paise, b.discount_paise, b.delivery_fee_paise as delivery_paise,
          b.insurance_paise, b.backup_fees_paise, b.total_paise,
          c.provider_payment_id as payment_id, c.provider, ${documentFigures}
        from captures c
        join bookings b on b.id = c.booking_id
        left join users u on u.id = b.user_id
        left join tax_documents d on d.capture_id = c.id and d.kind = 'invoice'
        where c.outcome = 'applied' and c.applied_to = 'booking'
          and ${dayOf(sql`c.decided_at`)} between ${from}::date and ${to}::date
        order by c.decided_at, b.id
      `);
      return rowsOf<BookingExportRow>(result);
    },

    /** Every payment captured in the period, applied or refunded, with what it was for. */
    async paymentsCaptured(from: string, to: string) {
      const result = await db.execute(sql`
        select c.decided_at, c.provider, c.provider_payment_id, c.method, o.purpose,
          c.outcome, c.applied_to,
          coalesce(c.booking_id, o.booking_id) as booking_id,
          c.amount_paise, c.refunded_paise, c.reason, ${documentFigures}
        from captures c
        join payments o on o.id = c.order_id
        left join tax_documents d on d.capture_id = c.id and d.kind = 'invoice'
        where ${dayOf(sql`c.decided_at`)} between ${from}::date and ${to}::date
        order by c.decided_at, c.id
      `);
      return rowsOf<PaymentExportRow>(result);
    },

    /** Refunds asked for in the period, whatever became of them. */
    async refundsAsked(from: string, to: string) {
      const result = await db.execute(sql`
        select r.created_at, r.processed_at, r.booking_id, r.provider_payment_id,
          r.amount_paise, r.status, r.reason, c.outcome as capture_outcome,
          d.document->'against'->>'number' as against_number, ${documentFigures}
        from refunds r
        join captures c on c.id = r.capture_id
        left join tax_documents d on d.refund_id = r.id and d.kind = 'credit-note'
        where ${dayOf(sql`r.created_at`)} between ${from}::date and ${to}::date
        order by r.created_at, r.id
      `);
      return rowsOf<RefundExportRow>(result);
    },
  };
}

export type ReportsAdminRepository = ReturnType<typeof createReportsAdminRepository>;
