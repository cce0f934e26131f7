import {
  ADMIN_MESSAGES,
  BOOKING_MESSAGES,
  CLOTHING_RENTAL_SAC,
  bookingNumber,
  financialYearOf,
  gstStateCodeOf,
  paiseToRupees,
  supplyTypeOf,
  taxDocumentNumber,
  taxSplit,
  todayInIndia,
  type BookingInvoicesResponse,
  type IndianState,
  type SupplyType,
  type TaxDocument,
  type TaxDocumentKind,
} from '@pehnava/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../../db/repositories.js';
import type { DeliveryAddressRecord } from '../../db/schema/bookings.js';
import type { TaxDocumentRecord } from '../../db/schema/tax-documents.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/http-error.js';
import type { CaptureRow, PaymentRow } from '../payments/payments.repository.js';
import type { UserRow } from '../users/users.repository.js';
import type { MailAttachment } from '../../adapters/mail/mailer.js';
import type { OutboxAttachmentRecord } from '../../db/schema/index.js';
import { invoicedBy, type DocumentLine } from './invoice-lines.js';
import { pdfFileName, taxDocumentsPdf } from './invoice-pdf.js';
import type { TaxDocumentRow } from './tax-documents.repository.js';

/** The seller on every tax document (configuration: SELLER_*). */
export interface Seller {
  name: string;
  address: string;
  gstin: string;
  state: IndianState;
}

export interface TaxDocumentsDeps {
  /** Repositories outside any transaction (the shopper's reads). */
  repos: Pick<Repositories, 'bookings' | 'taxDocuments'>;
  seller: Seller;
  /** GST_RATE_PERCENT: the rate inside every price. */
  ratePercent: number;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

/** The parts of a postal address that have something in them, on one line. */
const oneLine = (parts: (string | undefined)[]) =>
  parts
    .flatMap((part) => (part ?? '').split('\n'))
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

const deliveryAddressLine = (address: DeliveryAddressRecord) =>
  oneLine([address.street, address.landmark, `${address.city} ${address.pincode}`.trim()]);

/**
 * GST tax invoices and credit notes (decision 081). Each is issued inside the transaction that
 * applies its payment (the payment intake) or records its refund (cancellation, the fit window):
 * its number is the next of its kind's series for the financial year, taken in that transaction,
 * so a transaction that rolls back leaves no gap and two never share a number; and what it shows
 * is written down then, a snapshot that later changes never reach.
 */
export function createTaxDocuments({
  repos,
  seller,
  ratePercent,
  clock,
  logger,
}: TaxDocumentsDeps) {
  const sellerStateCode = gstStateCodeOf(seller.state)!;
  const sellerParty = () => ({
    name: seller.name,
    address: seller.address,
    gstin: seller.gstin,
    state: seller.state,
    stateCode: sellerStateCode,
  });

  /** A state as a place of supply: its name and code, else the seller's (the supplier's location). */
  function placeOf(state: string | undefined, about: Record<string, unknown>) {
    const code = state ? gstStateCodeOf(state) : undefined;
    if (state && code) return { state, stateCode: code };
    if (state) logger.warn({ ...about }, 'a tax document names a state with no GST state code');
    return { state: seller.state as string, stateCode: sellerStateCode };
  }

  /** Number and write a document in `tx`: its serial is taken last, to hold the counter briefly. */
  async function issueIn(
    tx: Repositories,
    kind: TaxDocumentKind,
    content: Omit<TaxDocumentRecord, 'number' | 'date' | 'seller' | 'sac' | 'lines'> & {
      lines: DocumentLine[];
      supply: SupplyType;
      rate: number;
      totalPaise: number;
      links: { userId: string | null; bookingId: string | null; captureId: string };
      refundId?: string;
      originalId?: string;
    },
  ): Promise<TaxDocumentRow> {
    const now = clock.now();
    const financialYear = financialYearOf(now);
    const date = todayInIndia(now);
    const split = taxSplit(content.totalPaise, content.rate, content.supply);
    const serial = await tx.taxDocuments.takeSerial(kind, financialYear);
    const number = taxDocumentNumber(kind, financialYear, serial);
    return tx.taxDocuments.insert({
      kind,
      financialYear,
      serial,
      number,
      issueDate: date,
      issuedAt: now,
      ...content.links,
      refundId: content.refundId ?? null,
      originalId: content.originalId ?? null,
      supply: content.supply,
      ratePercent: content.rate,
      taxablePaise: split.taxablePaise,
      cgstPaise: split.cgstPaise,
      sgstPaise: split.sgstPaise,
      igstPaise: split.igstPaise,
      totalPaise: content.totalPaise,
      document: {
        number,
        date,
        seller: sellerParty(),
        buyer: content.buyer,
        placeOfSupply: content.placeOfSupply,
        sac: CLOTHING_RENTAL_SAC,
        lines: content.lines,
        against: content.against,
        reason: content.reason,
      },
    });
  }

  /**
   * The booking's documents in the order issued; 404 when there is no such booking, or when
   * `shopper` is named and it is not theirs (an operator names none).
   */
  async function documentsOfBooking(
    bookingId: string,
    shopper: { userId: string } | undefined,
  ): Promise<TaxDocument[]> {
    const booking = await repos.bookings.findBooking(bookingId);
    if (!booking || (shopper && booking.userId !== shopper.userId)) {
      throw notFound(BOOKING_MESSAGES.bookingNotFound);
    }
    return (await repos.taxDocuments.ofBooking(bookingId)).map(toTaxDocument);
  }

  /**
   * A booking's documents as one PDF (decision 082), or the one numbered `number`: 404 for a
   * booking with none yet and for a number not of this booking. The one drawing of a PDF, for the
   * shopper's download and the console's.
   */
  async function pdfOfDocuments(
    bookingId: string,
    documents: TaxDocument[],
    number: string | undefined,
  ): Promise<{ filename: string; content: Buffer }> {
    if (documents.length === 0) throw notFound(BOOKING_MESSAGES.noTaxDocuments);
    if (number !== undefined) {
      const document = documents.find((candidate) => candidate.number === number);
      if (!document) throw notFound(BOOKING_MESSAGES.taxDocumentNotFound);
      return { filename: fileNameOf(document), content: await taxDocumentsPdf([document]) };
    }
    return {
      filename:
        documents.length === 1
          ? fileNameOf(documents[0]!)
          : pdfFileName(`pehnava-booking-${bookingNumber(bookingId)}-tax-documents`),
      content: await taxDocumentsPdf(documents),
    };
  }

  /** A document by its number, with its booking (null for a plan's); 404 when none has it. */
  async function byNumber(number: string) {
    const row = await repos.taxDocuments.findByNumber(number);
    if (!row) throw notFound(ADMIN_MESSAGES.taxDocumentNotFound(number));
    return { document: toTaxDocument(row), bookingId: row.bookingId };
  }

  return {
    /**
     * The tax invoice of a payment the intake has just applied, in its transaction. The place of
     * supply is the booking's delivery state; for a plan, the state of the shopper's latest paid
     * delivery, else the seller's. `shopper` as the intake read it under their money lock.
     */
    async invoiceIn(
      tx: Repositories,
      {
        order,
        capture,
        shopper,
      }: { order: PaymentRow; capture: CaptureRow; shopper: UserRow | undefined },
    ): Promise<TaxDocumentRow> {
      const { booking, lines } = await invoicedBy(tx, order, capture);
      const about = { orderId: order.id };
      let buyer: TaxDocumentRecord['buyer'];
      let placeOfSupply: TaxDocumentRecord['placeOfSupply'];
      if (booking) {
        const address = booking.deliveryAddress;
        placeOfSupply = placeOf(address.state, about);
        buyer = {
          name: address.name || shopper?.name || '',
          address: deliveryAddressLine(address),
          ...placeOfSupply,
          gstin: shopper?.gstin ?? null,
        };
      } else {
        const state = shopper && (await tx.taxDocuments.latestDeliveryStateOf(shopper.id));
        placeOfSupply = placeOf(state, about);
        buyer = {
          name: shopper?.name ?? '',
          address: oneLine([shopper?.address]),
          ...placeOfSupply,
          gstin: shopper?.gstin ?? null,
        };
      }
      return issueIn(tx, 'invoice', {
        buyer,
        placeOfSupply,
        lines,
        against: null,
        reason: null,
        supply: supplyTypeOf(sellerStateCode, placeOfSupply.stateCode),
        rate: ratePercent,
        totalPaise: capture.amountPaise,
        links: {
          userId: order.userId ?? shopper?.id ?? null,
          bookingId: booking?.id ?? null,
          captureId: capture.id,
        },
      });
    },

    /**
     * The credit note of a refund just recorded in `tx`, against the invoice of the payment it
     * gives money back from: that invoice's shopper, place of supply and rate, for the amount
     * refunded. None for a payment that has no invoice (one applied before invoices were issued,
     * or refunded in full instead of applied: nothing was supplied, so nothing is credited).
     */
    async creditNoteIn(
      tx: Repositories,
      { refundId, reason }: { refundId: string; reason: string },
    ): Promise<TaxDocumentRow | undefined> {
      const refund = await tx.payments.findRefund(refundId);
      const invoice = refund && (await tx.taxDocuments.invoiceOfCapture(refund.captureId));
      if (!refund || !invoice) {
        logger.warn({ refundId }, 'a refund of a payment with no tax invoice gets no credit note');
        return undefined;
      }
      return issueIn(tx, 'credit-note', {
        buyer: invoice.document.buyer,
        placeOfSupply: invoice.document.placeOfSupply,
        lines: [{ description: reason, amountPaise: refund.amountPaise }],
        against: { number: invoice.number, date: invoice.issueDate },
        reason,
        supply: invoice.supply,
        rate: invoice.ratePercent,
        totalPaise: refund.amountPaise,
        links: {
          userId: invoice.userId,
          bookingId: invoice.bookingId,
          captureId: invoice.captureId,
        },
        refundId: refund.id,
        originalId: invoice.id,
      });
    },

    /** GET /api/booking/{id}/invoice: the shopper's own booking's documents; 404 for anyone else's. */
    async ofBooking(
      userId: string,
      bookingId: string,
    ): Promise<Omit<BookingInvoicesResponse, 'success'>> {
      const documents = await documentsOfBooking(bookingId, { userId });
      return {
        invoices: documents.filter((document) => document.kind === 'invoice'),
        creditNotes: documents.filter((document) => document.kind === 'credit-note'),
      };
    },

    /**
     * GET /api/booking/{id}/invoice as a PDF (decision 082): the shopper's own booking's
     * documents in the order issued, or the one numbered `number`; 404 for anyone else's booking,
     * for a booking with none yet, and for a number not of this booking.
     */
    async pdfOfBooking(
      userId: string,
      bookingId: string,
      number?: string,
    ): Promise<{ filename: string; content: Buffer }> {
      return pdfOfDocuments(bookingId, await documentsOfBooking(bookingId, { userId }), number);
    },

    /**
     * GET /api/admin/bookings/{id}/tax-documents (operators): any booking's documents in the order
     * issued, empty when none was issued yet; 404 for a booking that does not exist.
     */
    ofBookingForOperator: (bookingId: string): Promise<TaxDocument[]> =>
      documentsOfBooking(bookingId, undefined),

    /** The same as a PDF, as the shopper's download draws it (the same 404s). */
    async pdfOfBookingForOperator(
      bookingId: string,
      number?: string,
    ): Promise<{ filename: string; content: Buffer }> {
      return pdfOfDocuments(bookingId, await documentsOfBooking(bookingId, undefined), number);
    },

    /** GET /api/admin/tax-documents?number=…: one document, a plan's too; 404 when none has it. */
    byNumber,

    /** The same as a PDF. */
    async pdfByNumber(number: string): Promise<{ filename: string; content: Buffer }> {
      const { document } = await byNumber(number);
      return { filename: fileNameOf(document), content: await taxDocumentsPdf([document]) };
    },

    /**
     * A queued mail's attachment, as the outbox sends it (MailAttachmentSource, decision 082):
     * the document's PDF, or undefined when no document has that id.
     */
    async fileOf(reference: OutboxAttachmentRecord): Promise<MailAttachment | undefined> {
      const row = await repos.taxDocuments.findById(reference.taxDocumentId);
      if (!row) return undefined;
      const document = toTaxDocument(row);
      return {
        filename: fileNameOf(document),
        contentType: 'application/pdf',
        content: await taxDocumentsPdf([document]),
      };
    },
  };
}

/** 'Pehnava-Tax-Invoice-PHN-26-27-000123.pdf': the title and number, safe in any file system. */
const fileNameOf = (document: TaxDocument) =>
  pdfFileName(
    `Pehnava-${document.kind === 'invoice' ? 'Tax-Invoice' : 'Credit-Note'}-${document.number}`,
  );

export type TaxDocuments = ReturnType<typeof createTaxDocuments>;

/** A stored document as the API shows it (SPEC.md's rupees). */
export function toTaxDocument(row: TaxDocumentRow): TaxDocument {
  const { document } = row;
  return {
    kind: row.kind,
    number: row.number,
    date: row.issueDate,
    seller: document.seller,
    buyer: document.buyer,
    placeOfSupply: document.placeOfSupply,
    sac: document.sac,
    supply: row.supply,
    lines: document.lines.map((line) => ({
      description: line.description,
      amount: paiseToRupees(line.amountPaise),
    })),
    ratePercent: row.ratePercent,
    taxableValue: paiseToRupees(row.taxablePaise),
    cgst: paiseToRupees(row.cgstPaise),
    sgst: paiseToRupees(row.sgstPaise),
    igst: paiseToRupees(row.igstPaise),
    total: paiseToRupees(row.totalPaise),
    against: document.against,
    reason: document.reason,
  };
}
