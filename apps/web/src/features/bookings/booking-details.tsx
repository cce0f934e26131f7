import {
  BOOKING_MESSAGES,
  PLAN_DEFINITIONS,
  bookingNumber,
  formatRupees,
  type Booking,
  type BookingItem,
  dateFormatsIn,
} from '@pehnava/shared';
import { ImageOff, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/ui/buttons';
import { ICON_BUTTON } from '../../components/ui/icon-button';
import { inPageLanguage } from '../../i18n/api-messages';
import { bookingsMessages } from '../../i18n/bookings';
import { useMessages, useLanguage } from '../../i18n/messages';
import { Badge } from './booking-card';
import { ReportOutcome, ReportProblem, fitWindowOpen } from './report-problem';
import { ReviewPiece, reviewable } from './review-piece';
import {
  CHARGE_KINDS_SAID,
  CHARGE_STATES,
  CONDITION_LABELS,
  PAYMENT_BADGES,
  STATUS_BADGES,
  backupLabel,
  formatDateTime,
  formatReturnDay,
  mayHaveTaxDocuments,
  paymentMethodLabel,
} from './status';
import { TaxDocumentList } from './tax-documents';

const planName = (id: BookingItem['appliedSubscriptionPlan']) =>
  PLAN_DEFINITIONS.find((plan) => plan.id === id)?.name ?? id;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-stone-100 pt-5">
      <h3 className="mb-3 text-xs font-semibold uppercase tracking-wider text-stone-500">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A label and its value; nothing at all when there is no value. */
function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  if (value === undefined || value === null || value === '') return null;
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-stone-600">{label}</dt>
      <dd className="text-right font-medium text-stone-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ItemImage({ src, name }: { src: string | undefined; name: string }) {
  const m = useMessages(bookingsMessages);
  const [failed, setFailed] = useState(false);
  return (
    <span className="h-24 w-18 shrink-0 overflow-hidden rounded-lg bg-maroon-50">
      {src && !failed ? (
        <img
          src={src}
          alt={name}
          width={300}
          height={400}
          loading="lazy"
          onError={() => setFailed(true)}
          className="h-full w-full object-cover"
        />
      ) : (
        <span
          className="flex h-full w-full items-center justify-center text-maroon-700/60"
          data-testid="item-placeholder"
        >
          <ImageOff size={20} aria-label={m.noImage({ name })} />
        </span>
      )}
    </span>
  );
}

function RentalItem({ item, booking }: { item: BookingItem; booking: Booking }) {
  const m = useMessages(bookingsMessages);
  const dates = dateFormatsIn(useLanguage());
  const name = item.listingId.name || m.product();
  const discounted = item.discountAmount > 0 && item.originalPrice > item.totalPrice;
  const backup = backupLabel(item, m);
  return (
    <li className="flex gap-3 py-3" data-testid="details-item">
      <ItemImage src={item.listingId.images[0]} name={name} />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-stone-900" data-testid="details-item-name">
          {name}
        </p>
        <p className="mt-0.5 text-stone-600">
          {m.size({ size: item.size })} · {m.days({ count: item.rentalDuration })} ·{' '}
          {m.quantity({ count: item.quantity })}
        </p>
        <p className="text-stone-600">
          {m.dates({ start: dates.isoDate(item.startDate), end: dates.isoDate(item.endDate) })}
        </p>
        {backup && (
          <p
            className={`mt-0.5 font-medium ${item.backupSealIntact === false ? 'text-amber-800' : 'text-maroon-800'}`}
            data-testid="details-item-backup"
          >
            {backup}
          </p>
        )}
        {item.condition ? (
          <p
            className={`mt-1 text-xs font-medium ${item.condition === 'good' ? 'text-emerald-700' : 'text-amber-800'}`}
            data-testid="details-item-returned"
          >
            {item.returnedAt && item.condition !== 'lost'
              ? m.conditionOn({
                  condition: m[CONDITION_LABELS[item.condition]](),
                  date: formatDateTime(item.returnedAt, dates),
                })
              : m[CONDITION_LABELS[item.condition]]()}
          </p>
        ) : (
          item.dispatchedAt && (
            <p className="mt-1 text-xs text-stone-500" data-testid="details-item-returned">
              {m.sentOn({ date: formatDateTime(item.dispatchedAt, dates) })}
            </p>
          )
        )}
        {item.report ? (
          <ReportOutcome report={item.report} />
        ) : (
          fitWindowOpen(booking) &&
          !item.returnedAt && <ReportProblem booking={booking} item={item} />
        )}
        {reviewable(item) && <ReviewPiece booking={booking} item={item} />}
        <div className="mt-1.5 flex flex-wrap items-center justify-between gap-2">
          {item.appliedSubscriptionPlan !== 'free' ? (
            <span className="rounded-full bg-gold-300/60 px-2 py-0.5 text-[11px] font-semibold text-maroon-900">
              {m.planApplied({ plan: planName(item.appliedSubscriptionPlan) })}
            </span>
          ) : (
            <span />
          )}
          <p className="flex items-baseline gap-2" data-testid="details-item-total">
            {discounted && (
              <s className="text-xs text-stone-500">{formatRupees(item.originalPrice)}</s>
            )}
            <span className="font-semibold text-stone-900">{formatRupees(item.totalPrice)}</span>
          </p>
        </div>
      </div>
    </li>
  );
}

/** What a refund's state says to the shopper: its message in My Bookings' catalogue. */
const REFUND_STATES = {
  pending: 'refundPending',
  processed: 'refundProcessed',
  failed: 'refundFailed',
} as const satisfies Record<Booking['refunds'][number]['status'], string>;

/**
 * A booking's details (SPEC.md §2 My Bookings) in a modal dialog: the browser's own <dialog>
 * keeps focus inside, closes on Escape, and gives focus back to the button that opened it.
 */

export function BookingDetails({
  booking,
  onClose,
  onCancel,
  cancelling = false,
  onPayBalance,
  payingBalance = false,
}: {
  booking: Booking;
  onClose: () => void;
  /** Cancel the booking (shown while the shopper may still do so); asks for confirmation first. */
  onCancel?: () => void;
  cancelling?: boolean;
  /** Pay what is due after the rental (shown while something is). */
  onPayBalance?: () => void;
  payingBalance?: boolean;
}) {
  const m = useMessages(bookingsMessages);
  const dates = dateFormatsIn(useLanguage());
  const dialog = useRef<HTMLDialogElement>(null);
  const number = bookingNumber(booking._id);
  const tracking = booking.deliveryTracking;
  const address = booking.deliveryAddress;
  const status = STATUS_BADGES[booking.status];
  const payment = PAYMENT_BADGES[booking.paymentStatus];
  const discount = booking.appliedCoupon?.discountAmount ?? 0;

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="booking-details-heading"
      onClose={onClose}
      // A press on the dimmed backdrop (the dialog element itself, outside its panel) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-xl overflow-hidden rounded-3xl p-0 shadow-2xl backdrop:bg-black/50"
      data-testid="booking-details"
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-stone-100 px-5 py-4 sm:px-6">
          <h2 id="booking-details-heading" className="font-display text-2xl text-maroon-900">
            {m.orderNumber({ number })}
          </h2>
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label={m.close()}
            onClick={() => dialog.current?.close()}
          >
            <X size={20} aria-hidden />
          </button>
        </div>

        {/* Focusable, so the keyboard can scroll it too. */}
        <div
          tabIndex={0}
          role="region"
          aria-labelledby="booking-details-heading"
          className="space-y-5 overflow-y-auto overscroll-contain px-5 pb-6 pt-1 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-maroon-700 sm:px-6"
        >
          <dl className="pt-4 text-sm">
            <Fact label={m.orderDate()} value={formatDateTime(booking.createdAt, dates)} />
            <Fact
              label={m.status()}
              value={
                <Badge
                  label={m[status.label]()}
                  className={status.className}
                  testId="details-status"
                />
              }
            />
            <Fact
              label={m.paymentStatus()}
              value={
                <Badge
                  label={m[payment.label]()}
                  className={payment.className}
                  testId="details-payment"
                />
              }
            />
            <Fact label={m.paymentMethod()} value={paymentMethodLabel(booking.paymentMethod, m)} />
            <Fact
              label={m.paymentId()}
              value={booking.razorpayPaymentId ?? undefined}
              testId="details-payment-id"
            />
          </dl>

          {tracking &&
            (tracking.provider ||
              tracking.trackingId ||
              tracking.status ||
              tracking.deliveryETA) && (
              <Section title={m.deliveryTracking()}>
                <dl className="text-sm" data-testid="details-tracking">
                  <Fact label={m.courier()} value={tracking.provider} />
                  <Fact label={m.trackingId()} value={tracking.trackingId} />
                  <Fact label={m.status()} value={tracking.status} />
                  <Fact label={m.expectedDelivery()} value={tracking.deliveryETA} />
                </dl>
              </Section>
            )}

          <Section title={m.deliveryAddress()}>
            <address
              className="text-sm not-italic leading-relaxed text-stone-800"
              data-testid="details-address"
            >
              <span className="font-medium text-stone-900">{address.name}</span>
              <br />
              {address.street}
              {address.landmark && (
                <>
                  <br />
                  {address.landmark}
                </>
              )}
              <br />
              {address.city}, {address.state}
              <br />
              {m.pin({ pincode: address.pincode })}
              <br />
              {m.phone({ phone: address.phone })}
            </address>
          </Section>

          <Section title={m.rentalItems()}>
            <ul className="-my-3 divide-y divide-stone-100">
              {booking.items.map((item) => (
                <RentalItem
                  key={`${item.listingId._id}-${item.size}-${item.startDate}`}
                  item={item}
                  booking={booking}
                />
              ))}
            </ul>
          </Section>

          <Section title={m.summary()}>
            <dl className="text-sm">
              <Fact label={m.subtotal()} value={formatRupees(booking.subtotal)} />
              <Fact
                label={m.deliveryCharges()}
                value={booking.deliveryFee === 0 ? m.free() : formatRupees(booking.deliveryFee)}
                testId="details-delivery"
              />
              {booking.insuranceAmount > 0 && (
                <Fact
                  label={m.damageProtection()}
                  value={formatRupees(booking.insuranceAmount)}
                  testId="details-insurance"
                />
              )}
              {discount > 0 && (
                <Fact
                  label={m.couponDiscount({ code: booking.appliedCoupon?.code ?? '' })}
                  value={`-${formatRupees(discount)}`}
                  testId="details-discount"
                />
              )}
              {booking.items.some((item) => item.backupSize) && (
                <Fact
                  label={m.backupSizes()}
                  value={booking.backupFees ? formatRupees(booking.backupFees) : m.free()}
                  testId="details-backup"
                />
              )}
              <div className="mt-2 flex justify-between gap-4 border-t border-stone-100 pt-3 text-base">
                <dt className="font-semibold text-stone-900">{m.totalAmount()}</dt>
                <dd className="font-semibold text-stone-900" data-testid="details-total">
                  {formatRupees(booking.totalPrice)}
                </dd>
              </div>
            </dl>
          </Section>

          {booking.extensions && booking.extensions.length > 0 && (
            <Section title={m.keptLonger()}>
              <ul className="space-y-3 text-sm" data-testid="details-extensions">
                {booking.extensions.map((extension) => (
                  <li key={extension.id} className="flex items-start justify-between gap-3">
                    <span className="min-w-0 text-stone-700">
                      <span className="block font-medium text-stone-900">
                        {m.extension({
                          count: extension.days,
                          date: formatReturnDay(extension.endDate, dates),
                        })}
                      </span>
                      <span className="block text-xs text-stone-500">
                        {m.paidOn({ date: formatDateTime(extension.appliedAt, dates) })}
                      </span>
                    </span>
                    <span className="shrink-0 font-semibold text-stone-900">
                      {formatRupees(extension.amount)}
                    </span>
                  </li>
                ))}
              </ul>
            </Section>
          )}

          {booking.charges.length > 0 && (
            <Section title={m.afterRental()}>
              <ul className="space-y-3 text-sm" data-testid="details-charges">
                {booking.charges.map((charge) => {
                  const state = CHARGE_STATES[charge.status];
                  return (
                    <li key={charge.id} className="flex items-start justify-between gap-3">
                      <span className="min-w-0 text-stone-700">
                        <span className="block font-medium text-stone-900">
                          {m[CHARGE_KINDS_SAID[charge.kind]]()}
                        </span>
                        <span className="block text-xs text-stone-500">{charge.reason}</span>
                      </span>
                      <span className="flex shrink-0 flex-col items-end gap-1">
                        <span
                          className={`font-semibold ${
                            charge.status === 'due'
                              ? 'text-stone-900'
                              : charge.status === 'paid'
                                ? 'text-stone-600'
                                : 'text-stone-500 line-through decoration-stone-400'
                          }`}
                        >
                          {formatRupees(charge.amount)}
                        </span>
                        <Badge
                          label={m[state.label]()}
                          className={state.className}
                          testId="details-charge-status"
                        />
                      </span>
                    </li>
                  );
                })}
              </ul>
              <div className="mt-3 flex justify-between gap-4 border-t border-stone-100 pt-3 text-base">
                <span className="font-semibold text-stone-900">{m.balanceDue()}</span>
                <span className="font-semibold text-stone-900" data-testid="details-balance">
                  {formatRupees(booking.balanceDue)}
                </span>
              </div>
              {onPayBalance && booking.balanceDue > 0 && (
                <button
                  type="button"
                  className={`${PRIMARY_BUTTON} mt-3 w-full`}
                  onClick={onPayBalance}
                  disabled={payingBalance}
                  aria-busy={payingBalance}
                >
                  {payingBalance
                    ? m.processing()
                    : m.pay({ amount: formatRupees(booking.balanceDue) })}
                </button>
              )}
              <p className="mt-2 text-xs text-stone-500">{m.chargesNote()}</p>
            </Section>
          )}

          {booking.refunds.length > 0 && (
            <Section title={m.refunds()}>
              <ul className="space-y-2 text-sm" data-testid="details-refunds">
                {booking.refunds.map((refund) => (
                  <li key={refund.createdAt} className="flex justify-between gap-4">
                    <span className="text-stone-700">
                      {formatRupees(refund.amount)} · {m[REFUND_STATES[refund.status]]()}
                    </span>
                    <span className="text-stone-500">
                      {formatDateTime(refund.processedAt ?? refund.createdAt, dates)}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-xs text-stone-500">{m.refundsNote()}</p>
            </Section>
          )}

          {mayHaveTaxDocuments(booking) && (
            <Section title={m.invoices()}>
              <div data-testid="details-invoices">
                <TaxDocumentList bookingId={booking._id} />
              </div>
            </Section>
          )}

          {booking.cancellable && onCancel && (
            <section className="border-t border-stone-100 pt-5">
              <p className="text-sm text-stone-600">{m.cancelNote()}</p>
              <button
                type="button"
                className={`${SECONDARY_BUTTON} mt-3 w-full border-red-200 text-red-700 hover:bg-red-50`}
                disabled={cancelling}
                onClick={() => {
                  // The shared rules' question, in the page's language (confirm is no component).
                  void inPageLanguage(BOOKING_MESSAGES.cancelConfirm).then((question) => {
                    if (window.confirm(question)) onCancel();
                  });
                }}
              >
                {cancelling ? m.cancelling() : m.cancelBooking()}
              </button>
            </section>
          )}
        </div>
      </div>
    </dialog>
  );
}
