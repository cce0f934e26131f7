import { useQuery } from '@tanstack/react-query';
import {
  BOOKING_MESSAGES,
  PLACE_ORDER_META,
  insuranceFee,
  orderTotals,
  type CartEntry,
} from '@pehnava/shared';
import { ArrowLeft, Lock, MapPin, Tag } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../lib/link';
import { LoadFailed } from '../components/ui/load-failed';
import {
  EMPTY_ADDRESS,
  addressProblem,
  phoneForForm,
  toAddress,
  type AddressField,
  type AddressForm,
  type AddressProblem,
} from '../features/checkout/address';
import { AddressFields } from '../features/checkout/address-form';
import { backupFeesFor, lineKey, type BackupChoices } from '../features/checkout/backup';
import { CheckoutSummary } from '../features/checkout/checkout-summary';
import { usePlaceOrder } from '../features/checkout/use-place-order';
import { checkoutMessages } from '../i18n/checkout';
import { richText, useMessages } from '../i18n/messages';
import { useAppliedCoupon } from '../lib/applied-coupon';
import { notify } from '../lib/notify';
import { usePageMeta } from '../lib/page-meta';
import { getToken, useToken } from '../lib/session';
import { cartQuery, useProfile, useSubscriptionOrFree } from '../lib/shopper';

/**
 * /place-order (SPEC.md §2 Checkout, §4, §5): the delivery address, the order summary with
 * optional damage protection, and payment. Needs a session (else /login) and a cart with items
 * (else /cart). The coupon applied on the cart page comes along while the cart is the one it was
 * applied to.
 */
export function PlaceOrderPage() {
  usePageMeta(PLACE_ORDER_META);
  const m = useMessages(checkoutMessages);
  const navigate = useNavigate();
  const formId = useId();
  const token = useToken();
  // Arriving here must not fetch the cart again: that would drop the coupon just applied to it.
  const cart = useQuery({
    ...cartQuery(token ?? ''),
    enabled: Boolean(token),
    refetchOnMount: false,
  });
  const profile = useProfile();
  const { plan } = useSubscriptionOrFree();
  const { coupon, dropped } = useAppliedCoupon(token, cart.dataUpdatedAt);
  const [edits, setEdits] = useState<Partial<AddressForm>>({});
  const [problem, setProblem] = useState<AddressProblem>();
  const [insurance, setInsurance] = useState(false);
  // Back-up sizes by line (DECISIONS.md 'Back-up size'), and the server's refusal of one.
  const [backups, setBackups] = useState<BackupChoices>({});
  const [backupProblems, setBackupProblems] = useState<Readonly<Record<string, string>>>({});
  const { placeOrder, alreadyProcessing, busy, placed } = usePlaceOrder();

  // Name and phone come from the profile until the shopper types their own.
  const form: AddressForm = {
    ...EMPTY_ADDRESS,
    name: profile.data?.name ?? '',
    phone: phoneForForm(profile.data?.phone ?? ''),
    ...edits,
  };
  const entries = cart.data?.cart ?? [];
  const subtotal = cart.data?.total ?? 0;
  const discount = coupon?.discountAmount ?? 0;
  const totals = orderTotals({
    plan,
    subtotal,
    discount,
    insurance,
    backupFees: backupFeesFor(entries, backups, plan),
  });

  // A visitor is sent to log in; an empty cart back to /cart. A session that ends here is
  // followed by its own navigation, and a paid order by /orders, which these must not overrule.
  const [arrivedSignedIn] = useState(() => Boolean(getToken()));
  const cartEmpty = Boolean(token) && cart.isSuccess && entries.length === 0;
  const redirected = useRef(false);
  useEffect(() => {
    if (redirected.current) return;
    if (!token && !arrivedSignedIn) {
      redirected.current = true;
      notify.info(BOOKING_MESSAGES.loginToPlaceOrder);
      void navigate('/login', { replace: true });
    } else if (cartEmpty && !placed.current) {
      redirected.current = true;
      notify.error(BOOKING_MESSAGES.cartEmpty);
      void navigate('/cart', { replace: true });
    }
  }, [token, arrivedSignedIn, cartEmpty, placed, navigate]);

  const onBackup = (entry: CartEntry, size: string) => {
    const key = lineKey(entry);
    setBackups((before) => {
      const { [key]: _dropped, ...rest } = before;
      return size ? { ...rest, [key]: size } : rest;
    });
    setBackupProblems((before) => {
      const { [key]: _dropped, ...rest } = before;
      return rest;
    });
  };

  const onField = (field: AddressField, value: string) => {
    setEdits((before) => ({ ...before, [field]: value }));
    if (problem?.field === field) setProblem(undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (alreadyProcessing()) return;
    const found = addressProblem(form);
    if (found) {
      setProblem(found);
      notify.error(found.message);
      (event.currentTarget.elements.namedItem(found.field) as HTMLElement | null)?.focus();
      return;
    }
    setProblem(undefined);
    if (entries.length === 0) {
      notify.error(BOOKING_MESSAGES.cartEmpty);
      void navigate('/cart');
      return;
    }
    // The server would refuse a line booked by someone else since it was added: fix it in the cart.
    const taken = entries.find((entry) => !entry.datesAvailable);
    if (taken) {
      notify.error(BOOKING_MESSAGES.itemTaken(taken.product.name, taken.size));
      void navigate('/cart');
      return;
    }
    void placeOrder({
      entries,
      address: toAddress(form),
      couponCode: coupon?.coupon.code,
      insurance,
      backups,
      onBackupTaken: (entry, message) =>
        setBackupProblems((before) => ({ ...before, [lineKey(entry)]: message })),
      email: profile.data?.email,
    });
  };

  if (!token) return null;
  if (cart.isPending) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-16 text-center text-stone-600" aria-busy="true">
        {m.loading()}
      </main>
    );
  }
  if (cart.isError) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <LoadFailed message={cart.error.message} onRetry={() => void cart.refetch()} />
      </main>
    );
  }
  if (entries.length === 0) return null;

  return (
    <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <Link
        to="/cart"
        className="inline-flex items-center gap-1.5 rounded-full py-2 pr-3 text-sm font-medium text-maroon-700 hover:text-maroon-900 focus-visible:outline-2 focus-visible:outline-maroon-700"
      >
        <ArrowLeft size={16} aria-hidden /> {m.backToCart()}
      </Link>
      <div className="mb-6 mt-2 flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-display text-3xl text-maroon-900 sm:text-4xl">{m.title()}</h1>
        <p className="flex items-center gap-1.5 text-sm text-stone-600">
          <Lock size={14} aria-hidden /> {m.securePayment()}
        </p>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[1fr_400px]">
        <form
          id={formId}
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="address-heading"
          className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8"
        >
          <h2
            id="address-heading"
            className="flex items-center gap-2 font-display text-2xl text-maroon-900"
          >
            <MapPin size={22} aria-hidden /> {m.deliveryAddress()}
          </h2>
          <p className="mb-6 mt-1 text-sm text-stone-600">{m.addressNote()}</p>
          <AddressFields value={form} problem={problem} onChange={onField} />
        </form>

        <div className="space-y-4 lg:sticky lg:top-24">
          {dropped && !coupon && (
            <p
              className="flex items-start gap-2 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200"
              data-testid="coupon-dropped"
            >
              <Tag size={16} aria-hidden className="mt-0.5 shrink-0 text-amber-700" />
              <span>
                {richText(
                  m.couponDropped,
                  {
                    link: (
                      <Link to="/cart" className="font-medium text-maroon-700 underline">
                        {m.applyAgain()}
                      </Link>
                    ),
                  },
                  { code: dropped },
                )}
              </span>
            </p>
          )}
          <CheckoutSummary
            entries={entries}
            totals={totals}
            plan={plan}
            backups={backups}
            backupProblems={backupProblems}
            onBackup={onBackup}
            couponCode={coupon?.coupon.code}
            insurance={insurance}
            onInsurance={setInsurance}
            insuranceFee={insuranceFee(subtotal, discount)}
            formId={formId}
            processing={busy}
          />
        </div>
      </div>
    </main>
  );
}
