import {
  bookingNumber,
  formatRupees,
  todayInIndia,
  type Booking,
  type BookingStatus,
  dateFormatsIn,
} from '@pehnava/shared';
import {
  AlertTriangle,
  CalendarClock,
  CalendarPlus,
  Check,
  ChevronDown,
  CircleCheck,
  CircleX,
  Clock,
  CreditCard,
  MapPin,
  Package,
  PackageCheck,
  Layers,
  ReceiptIndianRupee,
  ShoppingBag,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { bookingsMessages } from '../../i18n/bookings';
import { richText, useMessages, useLanguage } from '../../i18n/messages';
import { Link } from '../../lib/link';
import { KeepItLonger } from './extend-booking';
import {
  PAYMENT_BADGES,
  PROGRESS_STEPS,
  STATUS_BADGES,
  backupLabel,
  extendedDays,
  formatReturnDay,
  itemCount,
  mayAskToExtend,
  mayHaveTaxDocuments,
  paymentMethodLabel,
  returnDate,
  showsProgress,
  stepComplete,
} from './status';
import { ReviewPrompt } from './review-piece';
import { TaxDocumentList } from './tax-documents';

export const STATUS_ICONS: Record<BookingStatus, LucideIcon> = {
  pending: Clock,
  confirmed: CircleCheck,
  processing: Package,
  shipped: Truck,
  delivered: PackageCheck,
  cancelled: CircleX,
};

/** A coloured pill: a booking's status or its payment's. */
export function Badge({
  label,
  className,
  testId,
}: {
  label: string;
  className: string;
  testId: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${className}`}
      data-testid={testId}
    >
      {label}
    </span>
  );
}

/** Confirmed → Processing → Shipped → Delivered, each step done once the status reaches it. */
function ProgressBar({ status }: { status: BookingStatus }) {
  const m = useMessages(bookingsMessages);
  const current = PROGRESS_STEPS.filter((step) => stepComplete(status, step)).at(-1);
  return (
    <ol className="grid grid-cols-4" aria-label={m.progress()} data-testid="booking-progress">
      {PROGRESS_STEPS.map((step, i) => {
        const done = stepComplete(status, step);
        const lineDone = i > 0 && done;
        return (
          <li
            key={step}
            className="relative flex flex-col items-center text-center"
            aria-current={step === current ? 'step' : undefined}
            data-done={done}
          >
            {i > 0 && (
              <span
                aria-hidden
                className={`absolute right-1/2 top-3 h-0.5 w-full -translate-y-1/2 ${
                  lineDone ? 'bg-maroon-700' : 'bg-stone-200'
                }`}
              />
            )}
            <span
              className={`relative z-10 flex h-6 w-6 items-center justify-center rounded-full text-xs ring-2 ${
                done
                  ? 'bg-maroon-700 text-white ring-maroon-700'
                  : 'bg-white text-stone-400 ring-stone-200'
              }`}
            >
              {done ? <Check size={14} aria-hidden strokeWidth={3} /> : i + 1}
            </span>
            <span
              className={`mt-1.5 text-[11px] sm:text-xs ${done ? 'font-medium text-maroon-900' : 'text-stone-500'}`}
            >
              {m[STATUS_BADGES[step].label]()}
              <span className="sr-only">{done ? m.stepDone() : m.stepNotYet()}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** One paid booking in My Bookings (SPEC.md §2): status, number, date, total, progress, where. */
export function BookingCard({ booking, onDetails }: { booking: Booking; onDetails: () => void }) {
  const m = useMessages(bookingsMessages);
  const dates = dateFormatsIn(useLanguage());
  const Icon = STATUS_ICONS[booking.status];
  const status = STATUS_BADGES[booking.status];
  const payment = PAYMENT_BADGES[booking.paymentStatus];
  const number = bookingNumber(booking._id);
  const count = itemCount(booking.items);
  const headingId = `booking-${booking._id}`;
  const { city, state } = booking.deliveryAddress;
  const due = returnDate(booking);
  const extended = extendedDays(booking);
  const extendedLine = extended > 0 && m.extendedBy({ count: extended });
  const invoiced = mayHaveTaxDocuments(booking);
  // The booking's documents are asked for when the shopper opens its Invoices panel.
  const [invoicesOpen, setInvoicesOpen] = useState(false);
  const invoicesId = useId();

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
      data-testid="booking-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-full ring-1 ${status.className}`}
          >
            <Icon size={20} aria-hidden />
          </span>
          <div>
            <h2 id={headingId} className="font-display text-lg text-maroon-900">
              {richText(m.orderNumber, {
                number: <span data-testid="booking-number">{number}</span>,
              })}
            </h2>
            <p className="text-sm text-stone-600">
              {richText(m.placedOn, {
                date: (
                  <time dateTime={booking.createdAt} data-testid="booking-date">
                    {dates.dateInIndia(booking.createdAt)}
                  </time>
                ),
              })}
            </p>
          </div>
        </div>
        <Badge label={m[status.label]()} className={status.className} testId="booking-status" />
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-xl font-semibold text-stone-900" data-testid="booking-total">
            {formatRupees(booking.totalPrice)}
          </span>
          <Badge
            label={m[payment.label]()}
            className={payment.className}
            testId="booking-payment"
          />
          {booking.balanceDue > 0 && (
            <Badge
              label={m.balanceDueAmount({ amount: formatRupees(booking.balanceDue) })}
              className="bg-amber-50 text-amber-800 ring-amber-200"
              testId="booking-balance"
            />
          )}
        </p>
        <div className="flex items-center gap-2">
          {invoiced && (
            <button
              type="button"
              aria-expanded={invoicesOpen}
              aria-controls={invoicesId}
              onClick={() => setInvoicesOpen((was) => !was)}
              className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 py-2 pl-3.5 pr-3 text-sm font-medium text-stone-800 transition hover:border-maroon-700 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700"
            >
              <ReceiptIndianRupee size={16} aria-hidden />
              {m.invoices()}
              <ChevronDown
                size={16}
                aria-hidden
                className={`transition-transform ${invoicesOpen ? 'rotate-180' : ''}`}
              />
            </button>
          )}
          <button
            type="button"
            onClick={onDetails}
            aria-label={m.detailsOf({ number })}
            className="rounded-full border border-maroon-700 px-5 py-2 text-sm font-medium text-maroon-700 transition hover:bg-maroon-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700"
          >
            {m.details()}
          </button>
        </div>
        {invoiced && (
          <section
            id={invoicesId}
            aria-label={m.invoicesOf({ number })}
            hidden={!invoicesOpen}
            className="basis-full"
            data-testid="booking-invoices"
          >
            {invoicesOpen && <TaxDocumentList bookingId={booking._id} />}
          </section>
        )}
      </div>

      {booking.items.some((item) => item.atRisk) &&
        (booking.status === 'confirmed' || booking.status === 'processing') && (
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <AlertTriangle size={18} aria-hidden className="shrink-0" />
            <span className="flex-1">{m.atRisk()}</span>
            <Link
              to={`/orders/${booking._id}/choose`}
              className="font-semibold text-maroon-700 underline underline-offset-2"
            >
              {m.chooseWhatWeSend()}
            </Link>
          </p>
        )}

      <ReviewPrompt booking={booking} onOpen={onDetails} />

      {showsProgress(booking.status) && (
        <div className="mt-5">
          <ProgressBar status={booking.status} />
        </div>
      )}

      {due && (
        <div
          className="mt-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-3 rounded-2xl bg-maroon-50/70 px-4 py-3 ring-1 ring-maroon-700/10"
          data-testid="booking-return"
        >
          <p className="flex items-start gap-2.5 text-sm">
            <CalendarClock size={18} aria-hidden className="mt-0.5 shrink-0 text-maroon-700" />
            <span>
              <span className="block text-stone-900">
                {richText(m.returnBy, {
                  date: (
                    <time
                      dateTime={due}
                      className="font-semibold"
                      data-testid="booking-return-date"
                    >
                      {formatReturnDay(due, dates)}
                    </time>
                  ),
                })}
              </span>
              {extendedLine && (
                <span className="block text-xs text-stone-600" data-testid="booking-extended">
                  {extendedLine}
                </span>
              )}
            </span>
          </p>
          {mayAskToExtend(booking, todayInIndia(new Date())) && <KeepItLonger booking={booking} />}
        </div>
      )}

      <ul className="mt-5 flex flex-wrap gap-x-5 gap-y-1.5 border-t border-stone-100 pt-4 text-sm text-stone-700">
        <li className="flex items-center gap-1.5" data-testid="booking-items">
          <ShoppingBag size={15} aria-hidden className="text-stone-500" />
          {m.itemCount({ count })}
        </li>
        {booking.items.map((item) => {
          const backup = backupLabel(item, m);
          return (
            backup && (
              <li
                key={`backup-${item._id}`}
                className="flex items-center gap-1.5"
                data-testid="booking-backup"
              >
                <Layers size={15} aria-hidden className="text-stone-500" />
                {backup}
              </li>
            )
          );
        })}
        <li className="flex items-center gap-1.5" data-testid="booking-city">
          <MapPin size={15} aria-hidden className="text-stone-500" />
          {city}, {state}
        </li>
        <li className="flex items-center gap-1.5" data-testid="booking-method">
          <CreditCard size={15} aria-hidden className="text-stone-500" />
          {paymentMethodLabel(booking.paymentMethod, m)}
        </li>
        {!due && extendedLine && (
          <li className="flex items-center gap-1.5" data-testid="booking-extended">
            <CalendarPlus size={15} aria-hidden className="text-stone-500" />
            {extendedLine}
          </li>
        )}
      </ul>
    </article>
  );
}
