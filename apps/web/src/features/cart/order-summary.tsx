import {
  DELIVERY_MESSAGES,
  cartSavings,
  formatRupees,
  freeDeliveryShortfall,
  type CartResponse,
  type PlanId,
  type RentalDuration,
} from '@pehnava/shared';
import { Tag, Truck, X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { PRIMARY_BUTTON } from '../../components/ui/buttons';
import { ShopperMessage } from '../../components/ui/shopper-message';
import { cartMessages } from '../../i18n/cart';
import { useMessages } from '../../i18n/messages';
import { dropCoupon, holdCoupon, useAppliedCoupon } from '../../lib/applied-coupon';
import { notify } from '../../lib/notify';
import { useToken } from '../../lib/session';
import { applyCoupon } from './api';

function Line({
  label,
  value,
  testId,
  tone = 'text-stone-900',
  note,
}: {
  label: string;
  value: string;
  testId: string;
  tone?: string;
  /** A line of explanation under the figure. */
  note?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 py-1.5">
      <dt className="text-stone-600">{label}</dt>
      <dd className={`font-medium ${tone}`} data-testid={testId}>
        {value}
      </dd>
      {note}
    </div>
  );
}

/**
 * The Order Summary (SPEC.md §2 Cart, §4 Coupon): subtotal, savings, delivery, a coupon and the
 * total. An applied coupon belongs to the cart as it was: when the cart is fetched again
 * (`cartStamp` changes) or cleared, it is dropped and must be applied again. It is held in
 * lib/applied-coupon.ts, so checkout goes on with it.
 */
export function OrderSummary({
  cart,
  cartStamp,
  plan,
  onProceed,
}: {
  cart: CartResponse;
  cartStamp: number;
  /** The shopper's plan: the free plan pays for delivery below ₹1,999. */
  plan: PlanId;
  onProceed: () => void;
}) {
  const m = useMessages(cartMessages);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const token = useToken();
  const { coupon } = useAppliedCoupon(token, cartStamp);

  const savings = cartSavings(
    cart.cart.map((entry) => ({
      product: entry.product,
      duration: entry.duration as RentalDuration,
      quantity: entry.quantity,
      price: entry.priceAtTime,
    })),
  );
  const deliveryFee = coupon ? coupon.deliveryFee : cart.deliveryFee;
  const total = coupon ? coupon.totalWithDelivery : cart.totalWithDelivery;
  // Why there is a fee, and how far free delivery is (the fee itself is the server's).
  const shortBy =
    deliveryFee > 0 ? freeDeliveryShortfall(plan, cart.total, coupon?.discountAmount ?? 0) : 0;

  const onApply = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await applyCoupon(code, cart.total);
      if (token) holdCoupon(token, cartStamp, result);
      notify.success(result.message);
    } catch (error) {
      // A failed apply clears any coupon (SPEC.md §4).
      dropCoupon();
      notify.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5"
    >
      <h2 id="summary-heading" className="font-display text-2xl text-maroon-900">
        {m.orderSummary()}
      </h2>
      <dl className="mt-4 text-sm">
        <Line label={m.subtotal()} value={formatRupees(cart.total)} testId="summary-subtotal" />
        <Line
          label={m.savings()}
          value={savings > 0 ? `-${formatRupees(savings)}` : formatRupees(0)}
          testId="summary-savings"
          tone={savings > 0 ? 'text-emerald-700' : 'text-stone-900'}
        />
        <Line
          label={m.delivery()}
          value={deliveryFee === 0 ? m.free() : formatRupees(deliveryFee)}
          testId="summary-delivery"
          tone={deliveryFee === 0 ? 'text-emerald-700' : 'text-stone-900'}
          note={
            shortBy > 0 && (
              <dd
                className="mt-1.5 flex basis-full items-start gap-1.5 rounded-lg bg-maroon-50 px-2.5 py-1.5 text-xs text-maroon-900"
                data-testid="summary-delivery-hint"
              >
                <Truck size={14} aria-hidden className="mt-px shrink-0" />
                <ShopperMessage
                  text={
                    coupon
                      ? DELIVERY_MESSAGES.shortAfterCoupon(shortBy)
                      : DELIVERY_MESSAGES.addForFreeDelivery(shortBy)
                  }
                />
              </dd>
            )
          }
        />
        {coupon && (
          <Line
            label={m.couponDiscount({ code: coupon.coupon.code })}
            value={`-${formatRupees(coupon.discountAmount)}`}
            testId="summary-discount"
            tone="text-emerald-700"
          />
        )}
        <div className="mt-2 flex justify-between gap-4 border-t border-stone-100 pt-3 text-base">
          <dt className="font-semibold text-stone-900">{m.total()}</dt>
          <dd className="font-semibold text-stone-900" data-testid="summary-total">
            {formatRupees(total)}
          </dd>
        </div>
      </dl>

      {coupon ? (
        <p className="mt-4 flex items-center justify-between gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-800 ring-1 ring-emerald-200">
          <span className="flex items-center gap-2">
            <Tag size={16} aria-hidden /> {m.couponApplied({ code: coupon.coupon.code })}
          </span>
          <button
            type="button"
            className="inline-flex h-8 w-8 items-center justify-center rounded-full hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-700"
            aria-label={m.removeCoupon({ code: coupon.coupon.code })}
            onClick={dropCoupon}
          >
            <X size={16} aria-hidden />
          </button>
        </p>
      ) : (
        <form onSubmit={onApply} className="mt-4 flex gap-2" aria-label={m.coupon()}>
          <label htmlFor="coupon-code" className="sr-only">
            {m.couponCode()}
          </label>
          <input
            id="coupon-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={m.couponCode()}
            autoCapitalize="characters"
            className="min-w-0 flex-1 rounded-full border border-stone-300 bg-white px-4 py-2.5 text-sm uppercase placeholder:normal-case placeholder:text-stone-400 focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/20"
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-full border border-maroon-700 px-5 py-2.5 text-sm font-medium text-maroon-700 transition hover:bg-maroon-50 focus-visible:outline-2 focus-visible:outline-maroon-700 disabled:opacity-60"
          >
            {busy ? m.applying() : m.apply()}
          </button>
        </form>
      )}

      <button type="button" className={`${PRIMARY_BUTTON} mt-6 w-full`} onClick={onProceed}>
        {m.proceedToCheckout()}
      </button>
    </section>
  );
}
