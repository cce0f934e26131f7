import { useQuery } from '@tanstack/react-query';
import {
  mayHandleMoney,
  type AdminBookingDetail,
  type ReturnCondition,
  type User,
} from '@pehnava/shared';
import { ArrowLeft, PackagePlus, ScanLine } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Link } from '../lib/link';
import { useToken } from '../lib/session';
import { bookingActions, bookingQuery } from './api';
import { AtRiskChoicesPanel } from './at-risk';
import { BackupMark, sealSaid } from './backup-piece';
import { TaxDocuments } from './tax-documents';
import { Audit, Charges, Extensions, Money, appliedExtensions } from './booking-records';
import { useBookingAction } from './use-booking-action';
import {
  Badge,
  DANGER,
  ExtendedBadge,
  Failed,
  INPUT,
  LABEL,
  Loading,
  PRIMARY,
  Panel,
  PaymentBadge,
  SECONDARY,
  StatusBadge,
  money,
  shortDay,
  shortMoment,
  useConsoleTitle,
} from './ui';

/** How a piece came back: good is green, a repair amber, major damage or loss red. */
const CONDITION_TONES: Record<ReturnCondition, string> = {
  good: 'bg-green-100 text-green-900',
  'needs-repair': 'bg-amber-100 text-amber-900',
  'major-damage': 'bg-red-100 text-red-900',
  lost: 'bg-red-100 text-red-900',
};

const NEXT_STEP: Partial<
  Record<AdminBookingDetail['status'], { to: 'processing' | 'delivered'; label: string }>
> = {
  confirmed: { to: 'processing', label: 'Move to processing' },
  shipped: { to: 'delivered', label: 'Mark delivered' },
};

/**
 * /admin/bookings/{id}: a booking with its pieces, payments, refunds, charges, tax documents and
 * audit trail, and every action on it. Cancelling with a refund and waiving a charge are an admin's only.
 */
export function BookingScreen({ user }: { user: User }) {
  const { id = '' } = useParams();
  const token = useToken() ?? '';
  const booking = useQuery(bookingQuery(token, id));
  useConsoleTitle(booking.data ? `Booking #${booking.data.bookingNumber}` : 'Booking');
  if (booking.isPending) return <Loading label="Loading the booking" />;
  if (booking.isError) {
    return <Failed message={booking.error.message} onRetry={() => void booking.refetch()} />;
  }
  const b = booking.data;
  const handlesMoney = mayHandleMoney(user.role);
  const extensions = appliedExtensions(b);
  return (
    <>
      <Link
        to="/admin/bookings"
        className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-maroon-700"
      >
        <ArrowLeft size={16} aria-hidden />
        Bookings
      </Link>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-2xl text-maroon-900 sm:text-3xl">
          Booking <span className="font-mono">#{b.bookingNumber}</span>
        </h1>
        <StatusBadge status={b.status} />
        <PaymentBadge status={b.paymentStatus} />
        {extensions.length > 0 && <ExtendedBadge />}
      </div>
      {/* On a phone the actions come first; at a desk they sit in the right-hand column. */}
      <div className="grid items-start gap-5 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-5 lg:col-start-2 lg:row-start-1">
          <Actions booking={b} canCancel={handlesMoney} />
          <Panel title="Shopper and address">
            <div className="space-y-1 px-4 py-3 text-sm text-stone-800">
              <p className="font-semibold">{b.shopper?.name ?? 'Account deleted'}</p>
              {b.shopper && <p>{b.shopper.email}</p>}
              <p>
                {b.deliveryAddress.name} · {b.deliveryAddress.phone}
              </p>
              <p>
                {b.deliveryAddress.street}
                {b.deliveryAddress.landmark && `, ${b.deliveryAddress.landmark}`}
              </p>
              <p>
                {b.deliveryAddress.city}, {b.deliveryAddress.state} {b.deliveryAddress.pincode}
              </p>
            </div>
          </Panel>
        </div>
        <div className="space-y-5 lg:col-start-1 lg:row-start-1">
          <AtRiskChoicesPanel bookingId={b._id} canCancel={handlesMoney} />
          <Pieces booking={b} />
          <Extensions extensions={extensions} />
          <Charges booking={b} canWaive={handlesMoney} />
          <Tracking booking={b} />
          <Money booking={b} extensions={extensions} />
          <TaxDocuments bookingId={b._id} bookingNumber={b.bookingNumber} />
          <Audit booking={b} />
        </div>
      </div>
    </>
  );
}

function Pieces({ booking }: { booking: AdminBookingDetail }) {
  return (
    <Panel title="Pieces" count={booking.items.length}>
      <ul className="divide-y divide-stone-200">
        {booking.items.map((item) => {
          const out = item.dispatchedAt && !item.returnedAt;
          const firstCode = item.unitCode?.split(', ')[0];
          return (
            <li key={item._id} className="px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-stone-900">{item.listingId.name}</span>
                <span className="text-stone-700">
                  size {item.size} · {item.quantity > 1 ? `${item.quantity} pieces · ` : ''}
                  {shortDay(item.startDate)} to {shortDay(item.endDate)}
                </span>
              </div>
              <div className="mt-1.5 flex flex-wrap items-center gap-2">
                <span className="rounded bg-stone-100 px-1.5 py-0.5 font-mono font-semibold">
                  {item.unitCode ?? 'no unit'}
                </span>
                {item.returnedAt ? (
                  <Badge tone={CONDITION_TONES[item.condition ?? 'good']}>
                    back {shortMoment(item.returnedAt)} · {item.condition}
                  </Badge>
                ) : item.dispatchedAt ? (
                  <Badge tone="bg-indigo-100 text-indigo-900">
                    out since {shortMoment(item.dispatchedAt)}
                  </Badge>
                ) : (
                  <Badge tone="bg-stone-100 text-stone-800">in the warehouse</Badge>
                )}
                {item.report && (
                  <Badge tone="bg-amber-100 text-amber-900">
                    fit report: {item.report.outcome}
                  </Badge>
                )}
                {out && firstCode && (
                  <Link
                    to={`/admin/check-in?code=${encodeURIComponent(firstCode)}`}
                    className={`${SECONDARY} ml-auto`}
                  >
                    <ScanLine size={16} aria-hidden />
                    Check in
                  </Link>
                )}
              </div>
              {item.backupSize && <BackupPiece item={item} />}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

/**
 * A line's back-up size (DECISIONS.md 'Back-up size'): its tag, size and fee, and its seal once it
 * is back (with a way to check it in while it is out).
 */
function BackupPiece({ item }: { item: AdminBookingDetail['items'][number] }) {
  const seal = sealSaid(item.backupSealIntact);
  const out = item.dispatchedAt && !seal;
  return (
    <div
      className="mt-2 flex flex-wrap items-center gap-2 border-l-2 border-amber-300 pl-2.5"
      data-testid="console-backup"
    >
      <span className="rounded bg-stone-100 px-1.5 py-0.5 font-mono font-semibold">
        {item.backupUnitCode ?? 'no unit'}
      </span>
      <BackupMark />
      <span className="text-stone-700">
        size {item.backupSize} · {item.backupFee ? `fee ${money(item.backupFee)}` : 'no fee'}
      </span>
      {seal ? (
        <Badge
          tone={item.backupSealIntact ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}
        >
          back · {seal}
        </Badge>
      ) : item.dispatchedAt ? (
        <Badge tone="bg-indigo-100 text-indigo-900">out · seal not checked yet</Badge>
      ) : (
        <Badge tone="bg-stone-100 text-stone-800">in the warehouse</Badge>
      )}
      {out && item.backupUnitCode && (
        <Link
          to={`/admin/check-in?code=${encodeURIComponent(item.backupUnitCode)}`}
          className={`${SECONDARY} ml-auto`}
          aria-label={`Check in the back-up ${item.backupUnitCode}`}
        >
          <ScanLine size={16} aria-hidden />
          Check in
        </Link>
      )}
    </div>
  );
}

function Actions({ booking, canCancel }: { booking: AdminBookingDetail; canCancel: boolean }) {
  const paid = booking.paymentStatus === 'completed';
  const next = paid ? NEXT_STEP[booking.status] : undefined;
  const sendable = paid && (booking.status === 'confirmed' || booking.status === 'processing');
  const advance = useBookingAction((to: 'processing' | 'delivered') =>
    bookingActions.advance(booking._id, to),
  );
  const dispatch = useBookingAction(() => bookingActions.dispatch(booking._id));
  const cancellable = canCancel && paid && ['confirmed', 'processing'].includes(booking.status);
  return (
    <Panel title="Actions">
      <div className="flex flex-col gap-2 px-4 py-3">
        {sendable && (
          <button
            type="button"
            className={PRIMARY}
            disabled={dispatch.isPending}
            onClick={() => dispatch.mutate(undefined)}
          >
            <PackagePlus size={16} aria-hidden />
            {dispatch.isPending ? 'Sending…' : 'Dispatch'}
          </button>
        )}
        {next && (
          <button
            type="button"
            className={SECONDARY}
            disabled={advance.isPending}
            onClick={() => advance.mutate(next.to)}
          >
            {next.label}
          </button>
        )}
        {!sendable && !next && (
          <p className="text-sm text-stone-700">
            {booking.status === 'cancelled'
              ? 'Cancelled: nothing more to do.'
              : booking.status === 'pending'
                ? 'Waiting for the payment.'
                : 'Delivered: check its pieces in as they come back.'}
          </p>
        )}
        {cancellable && <CancelForm booking={booking} />}
      </div>
    </Panel>
  );
}

function CancelForm({ booking }: { booking: AdminBookingDetail }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useBookingAction((why: string) => bookingActions.cancel(booking._id, why));
  if (!open) {
    return (
      <button type="button" className={DANGER} onClick={() => setOpen(true)}>
        Cancel with refund…
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    cancel.mutate(reason.trim(), { onSuccess: () => setOpen(false) });
  };
  return (
    <form onSubmit={submit} className="mt-2 rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
      <label htmlFor="cancel-reason" className={LABEL}>
        Why is it cancelled? The shopper gets {money(booking.totalPrice)} back.
      </label>
      <input
        id="cancel-reason"
        className={`${INPUT} mt-1.5`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        maxLength={300}
      />
      <div className="mt-2 flex gap-2">
        <button type="submit" className={DANGER} disabled={cancel.isPending || !reason.trim()}>
          {cancel.isPending ? 'Cancelling…' : 'Cancel and refund'}
        </button>
        <button type="button" className={SECONDARY} onClick={() => setOpen(false)}>
          Keep it
        </button>
      </div>
    </form>
  );
}

function Tracking({ booking }: { booking: AdminBookingDetail }) {
  const current = booking.deliveryTracking ?? {};
  const save = useBookingAction((body: Record<string, string>) =>
    bookingActions.tracking(booking._id, body),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries(
      ['provider', 'trackingId', 'status', 'deliveryETA']
        .map((name) => [name, String(form.get(name) ?? '').trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    save.mutate(body);
  };
  const fields: [keyof typeof current, string][] = [
    ['provider', 'Courier'],
    ['trackingId', 'Tracking id'],
    ['status', 'Tracking status'],
    ['deliveryETA', 'Expected delivery'],
  ];
  return (
    <Panel title="Delivery tracking">
      <form onSubmit={submit} className="grid gap-3 px-4 py-3">
        {fields.map(([name, label]) => (
          <div key={name}>
            <label htmlFor={`tracking-${name}`} className={LABEL}>
              {label}
            </label>
            <input
              id={`tracking-${name}`}
              name={name}
              defaultValue={current[name] ?? ''}
              className={`${INPUT} mt-1.5`}
            />
          </div>
        ))}
        <button type="submit" className={SECONDARY} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save tracking'}
        </button>
      </form>
    </Panel>
  );
}
