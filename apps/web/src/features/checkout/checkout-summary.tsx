import {
  FREE_RENTAL_TEXT,
  INSURANCE_PERCENT,
  daysLabel,
  formatIsoDate,
  formatRupees,
  roundTo2,
  type CartEntry,
  type OrderTotals,
} from '@pehnava/shared';
import { CalendarX2, ImageOff, Loader2, ShieldCheck, Truck } from 'lucide-react';
import { useState } from 'react';
import { PRIMARY_BUTTON } from '../../components/ui/buttons';

/** One line of the cart as checkout lists it: what, which size, for when, and its price. */
function SummaryItem({ entry }: { entry: CartEntry }) {
  const { product } = entry;
  const [imageFailed, setImageFailed] = useState(false);
  const quantity = entry.quantity || 1;
  const lineTotal = roundTo2(entry.priceAtTime * quantity);
  const image = product.images[0];
  return (
    <li className="flex gap-3 py-3" data-testid="checkout-item">
      <span className="h-20 w-16 shrink-0 overflow-hidden rounded-lg bg-maroon-50">
        {image && !imageFailed ? (
          <img
            src={image}
            alt=""
            width={300}
            height={400}
            loading="lazy"
            onError={() => setImageFailed(true)}
            className="h-full w-full object-cover"
          />
        ) : (
          <span className="flex h-full w-full items-center justify-center text-maroon-700/60">
            <ImageOff size={20} aria-hidden />
          </span>
        )}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex items-start justify-between gap-3">
          <p className="font-medium leading-snug text-stone-900">{product.name}</p>
          <p className="shrink-0 font-medium text-stone-900" data-testid="checkout-item-price">
            {lineTotal === 0 ? FREE_RENTAL_TEXT : formatRupees(lineTotal)}
          </p>
        </div>
        <p className="mt-0.5 text-stone-600">
          Size {entry.size} · {daysLabel(entry.duration)}
          {quantity > 1 && ` · Qty ${quantity}`}
        </p>
        <p className="text-stone-600">
          {formatIsoDate(entry.startDate)} to {formatIsoDate(entry.endDate)}
        </p>
        {!entry.datesAvailable && (
          <p className="mt-1 flex items-center gap-1.5 text-xs font-medium text-amber-800">
            <CalendarX2 size={14} aria-hidden /> Booked by someone else for these dates
          </p>
        )}
      </div>
    </li>
  );
}

function Row({
  label,
  value,
  testId,
  tone = 'text-stone-900',
}: {
  label: string;
  value: string;
  testId: string;
  tone?: string;
}) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className={`font-medium ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Checkout's order summary (SPEC.md §2 Checkout): the items, the optional damage protection,
 * the totals (shared orderTotals, as the server computes them), the delivery note and 'Proceed to
 * Payment', which submits the address form (`formId`).
 */
export function CheckoutSummary({
  entries,
  totals,
  couponCode,
  insurance,
  onInsurance,
  insuranceFee,
  formId,
  processing,
}: {
  entries: readonly CartEntry[];
  totals: OrderTotals;
  /** The coupon carried over from the cart, when one applies. */
  couponCode: string | undefined;
  insurance: boolean;
  onInsurance: (selected: boolean) => void;
  /** What damage protection would cost on this order. */
  insuranceFee: number;
  formId: string;
  processing: boolean;
}) {
  return (
    <section
      aria-labelledby="checkout-summary-heading"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
    >
      <h2 id="checkout-summary-heading" className="font-display text-2xl text-maroon-900">
        Order Summary
      </h2>
      <ul className="mt-2 divide-y divide-stone-100" aria-label="Items">
        {entries.map((entry) => (
          <SummaryItem
            key={`${entry.product._id}-${entry.size}-${entry.startDate}`}
            entry={entry}
          />
        ))}
      </ul>

      <label
        className={`mt-3 flex cursor-pointer gap-3 rounded-2xl p-4 ring-1 transition ${
          insurance ? 'bg-emerald-50/70 ring-emerald-300' : 'bg-stone-50 ring-stone-200'
        }`}
      >
        <input
          type="checkbox"
          checked={insurance}
          onChange={(event) => onInsurance(event.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 accent-maroon-700"
          aria-describedby="insurance-help"
        />
        <span className="text-sm">
          <span className="flex flex-wrap items-center gap-x-2 font-medium text-stone-900">
            <ShieldCheck size={16} aria-hidden className="text-emerald-700" />
            Add damage protection
            <span className="font-normal text-stone-600" data-testid="insurance-fee">
              +{formatRupees(insuranceFee)} ({INSURANCE_PERCENT}%)
            </span>
          </span>
          <span id="insurance-help" className="mt-1 block text-stone-600">
            Covers accidental stains, small tears and a broken zip, and caps major damage or loss at
            25% of MRP.
          </span>
        </span>
      </label>

      <dl className="mt-4 text-sm">
        <Row label="Subtotal" value={formatRupees(totals.subtotal)} testId="checkout-subtotal" />
        {totals.discount > 0 && (
          <Row
            label={couponCode ? `Coupon Discount (${couponCode})` : 'Coupon Discount'}
            value={`-${formatRupees(totals.discount)}`}
            testId="checkout-discount"
            tone="text-emerald-700"
          />
        )}
        <Row
          label="Delivery"
          value={totals.deliveryFee === 0 ? 'FREE' : formatRupees(totals.deliveryFee)}
          testId="checkout-delivery"
          tone={totals.deliveryFee === 0 ? 'text-emerald-700' : 'text-stone-900'}
        />
        {totals.insurance > 0 && (
          <Row
            label="Damage protection"
            value={formatRupees(totals.insurance)}
            testId="checkout-insurance"
          />
        )}
        <div className="mt-2 flex justify-between gap-4 border-t border-stone-100 pt-3 text-base">
          <dt className="font-semibold text-stone-900">Total</dt>
          <dd className="font-semibold text-stone-900" data-testid="checkout-total">
            {formatRupees(totals.total)}
          </dd>
        </div>
      </dl>

      <p className="mt-4 flex items-start gap-2 rounded-xl bg-maroon-50 px-3 py-2.5 text-xs text-maroon-900">
        <Truck size={15} aria-hidden className="mt-px shrink-0" />
        Items are delivered according to each product&apos;s start date.
      </p>

      {/* Stays pressable while processing: a second press says the order is on its way. */}
      <button
        type="submit"
        form={formId}
        aria-busy={processing}
        className={`${PRIMARY_BUTTON} mt-5 w-full`}
      >
        {processing ? (
          <>
            <Loader2 size={18} aria-hidden className="animate-spin" /> Processing…
          </>
        ) : (
          'Proceed to Payment'
        )}
      </button>
    </section>
  );
}
