import { useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_MESSAGES,
  bookingNumber,
  type Address,
  type CartEntry,
  type CreateBookingResponse,
  type PaymentOrder,
  type RentalDuration,
} from '@pehnava/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkoutMessages } from '../../i18n/checkout';
import { useMessages } from '../../i18n/messages';
import { dropCoupon } from '../../lib/applied-coupon';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useRefreshBookings, useRefreshCart } from '../../lib/shopper';
import { rememberDeliveryPincode } from '../../lib/delivery-pincode';
import { clientConfigQuery, createBooking, verifyBooking } from './api';
import { chosenBackup, lineWithBackupTaken, type BackupChoices } from './backup';
import { PAYMENT_INIT_FAILED, loadCheckout, openCheckout } from './payment-checkout';
import { checkoutPageOf } from './payment-return';

/** The brand colour the payment modal is themed with: the app's own maroon (index.css). */
export function brandColour(): string {
  const value = getComputedStyle(document.documentElement)
    .getPropertyValue('--color-maroon-700')
    .trim();
  return value || '#7a1f3d';
}

export interface OrderRequest {
  entries: readonly CartEntry[];
  address: Address;
  couponCode: string | undefined;
  insurance: boolean;
  /** The back-up sizes chosen, by line (backup.ts). */
  backups: BackupChoices;
  /** The server found a line's back-up size booked for its dates (409): the line says so. */
  onBackupTaken?: (entry: CartEntry, message: string) => void;
  /** The shopper's e-mail, to prefill the payment modal. */
  email: string | undefined;
}

/**
 * Checkout's flow (SPEC.md §4 Checkout): create the booking, load the payment script if missing,
 * open the modal with the server's order (a redirect provider, Stripe, instead sends the browser to
 * its own page, which comes back through /verify), then verify the payment and go to /orders (a booking
 * with nothing to pay is confirmed at creation and goes there at once). A processing flag stops a
 * second submission; a dismissed or failed payment clears the pending booking and the flag, so the
 * shopper can try again.
 */
export function usePlaceOrder() {
  const m = useMessages(checkoutMessages);
  const client = useQueryClient();
  const navigate = useNavigate();
  const refreshCart = useRefreshCart();
  const refreshBookings = useRefreshBookings();
  // A ref, not only state: two presses in one frame must not both get through.
  const processing = useRef(false);
  const [busy, setBusy] = useState(false);
  /** The booking waiting for its payment. */
  const pendingBooking = useRef<string | undefined>(undefined);
  /** Set once the booking is paid: the emptied cart is then no reason to leave for /cart. */
  const placed = useRef(false);

  const finish = () => {
    pendingBooking.current = undefined;
    processing.current = false;
    setBusy(false);
  };

  /** Whether a submission is under way; says so when it is. */
  const alreadyProcessing = () => {
    if (processing.current) notify.info(BOOKING_MESSAGES.alreadyProcessing);
    return processing.current;
  };

  /**
   * How the booking will be paid, made ready while it is being created: a modal provider's script
   * and key, or nothing to load for a redirect provider (its page is the provider's own).
   */
  const prepareCheckout = async () => {
    const config = await client.fetchQuery(clientConfigQuery);
    if (config.flow === 'redirect') return { flow: 'redirect' as const };
    return {
      flow: 'modal' as const,
      Checkout: await loadCheckout(config.checkoutScriptUrl),
      keyId: config.keyId,
    };
  };

  /** The booking is confirmed: say so, refresh the cart and bookings, and show My Bookings. */
  const confirmed = (message: string) => {
    placed.current = true;
    notify.success(message);
    dropCoupon();
    refreshCart();
    void refreshBookings();
    finish();
    void navigate('/orders');
  };

  const payFor = async (
    booking: CreateBookingResponse,
    order: PaymentOrder,
    ready: ReturnType<typeof prepareCheckout>,
    request: OrderRequest,
  ) => {
    const prepared = await ready;
    if (prepared.flow === 'redirect') {
      // Stripe Checkout: the shopper pays on the provider's page, which returns to /verify. The
      // processing flag stays set while this page is left; if the browser's Back brings it back
      // from its cache, the shopper may start again.
      const url = checkoutPageOf(order);
      window.addEventListener(
        'pageshow',
        (event) => {
          if (event.persisted) finish();
        },
        { once: true },
      );
      window.location.assign(url);
      return;
    }
    const { Checkout, keyId } = prepared;
    const outcome = await openCheckout(Checkout, {
      key: keyId,
      amount: order.amount,
      currency: order.currency,
      name: 'Pehnava',
      description: m.paymentFor({ number: bookingNumber(booking.bookingId) }),
      order_id: order.id,
      prefill: {
        name: request.address.name,
        email: request.email,
        contact: request.address.phone,
      },
      theme: { color: brandColour() },
    });
    if (outcome.kind === 'dismissed') {
      notify.info(BOOKING_MESSAGES.paymentCancelled);
      return finish();
    }
    if (outcome.kind === 'failed') {
      notify.error(BOOKING_MESSAGES.paymentFailed(outcome.description));
      return finish();
    }
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = outcome.response;
    if (!razorpay_order_id || !razorpay_payment_id || !razorpay_signature) {
      notify.error(BOOKING_MESSAGES.invalidPaymentResponse);
      return finish();
    }
    try {
      await verifyBooking({
        razorpay_order_id,
        razorpay_payment_id,
        razorpay_signature,
        bookingId: booking.bookingId,
        insuranceSelected: request.insurance,
      });
    } catch (error) {
      notify.error((error as Error).message);
      return finish();
    }
    confirmed(BOOKING_MESSAGES.confirmed);
  };

  const placeOrder = async (request: OrderRequest) => {
    if (alreadyProcessing()) return;
    processing.current = true;
    setBusy(true);
    const ready = prepareCheckout();
    // Its failure is reported once a booking needs it.
    ready.catch(() => undefined);

    let booking: CreateBookingResponse;
    try {
      booking = await createBooking({
        cartItems: request.entries.map((entry) => {
          const backupSize = chosenBackup(entry, request.backups);
          return {
            productId: entry.product._id,
            size: entry.size,
            duration: entry.duration as RentalDuration,
            quantity: entry.quantity || 1,
            startDate: entry.startDate,
            ...(backupSize ? { backupSize } : {}),
          };
        }),
        address: request.address,
        ...(request.couponCode ? { couponCode: request.couponCode } : {}),
        insuranceSelected: request.insurance,
      });
    } catch (error) {
      finish();
      notify.error((error as Error).message);
      // A back-up size taken meanwhile: the shopper chooses another here, or none.
      const backupTaken =
        error instanceof ApiError && error.status === 409
          ? lineWithBackupTaken(request.entries, request.backups, error.message)
          : undefined;
      if (backupTaken) {
        request.onBackupTaken?.(backupTaken, (error as Error).message);
        return;
      }
      // A piece taken meanwhile (or a coupon just used up): the cart shows which line.
      if (error instanceof ApiError && error.status === 409) {
        refreshCart();
        void navigate('/cart');
      }
      return;
    }
    // The address the server accepted: product pages show dates and delivery for it from now on.
    rememberDeliveryPincode(request.address.pincode);
    // Nothing to pay (free rentals on a plan, free delivery, no protection): confirmed already.
    if (!booking.order) {
      confirmed(BOOKING_MESSAGES.confirmedWithoutPayment);
      return;
    }
    pendingBooking.current = booking.bookingId;

    try {
      await payFor(booking, booking.order, ready, request);
    } catch {
      notify.error(PAYMENT_INIT_FAILED);
      finish();
    }
  };

  return { placeOrder, alreadyProcessing, busy, placed };
}
