import { todayInIndia, type AdminBookingDetail, type BookingExtension } from '@pehnava/shared';
import { useState, type ReactNode } from 'react';
import { bookingActions } from './api';
import {
  Badge,
  CHARGE_KIND_LABELS,
  INPUT,
  LABEL,
  Nothing,
  Panel,
  SECONDARY,
  money,
  shortDay,
  shortMoment,
} from './ui';
import { useBookingAction } from './use-booking-action';

/*
 * A booking's records on its page (booking.tsx): extensions, charges (waived by admins), money,
 * audit trail.
 */

type AppliedExtension = Pick<BookingExtension, 'days' | 'amount' | 'endDate' | 'appliedAt'> & {
  key: string;
};

/** The days a shopper added while the booking was out, oldest first (the booking's `extensions`). */
export function appliedExtensions(booking: AdminBookingDetail): AppliedExtension[] {
  return (booking.extensions ?? []).map((extension) => ({ key: extension.id, ...extension }));
}

/** 'Extended +3 days on 27 Nov · ₹600 · return by 12 Dec', one line each. */
export function Extensions({ extensions }: { extensions: AppliedExtension[] }) {
  if (extensions.length === 0) return null;
  return (
    <Panel title="Extensions" count={extensions.length}>
      <ul className="divide-y divide-stone-200" data-testid="console-extensions">
        {extensions.map((extension) => (
          <li key={extension.key} className="px-4 py-3 text-sm text-stone-800">
            <span className="font-semibold text-stone-900">
              Extended +{extension.days} {extension.days === 1 ? 'day' : 'days'}
            </span>{' '}
            <span className="whitespace-nowrap">
              on {shortDay(todayInIndia(new Date(extension.appliedAt)))}
            </span>{' '}
            · <span className="font-medium">{money(extension.amount)}</span> ·{' '}
            <span className="whitespace-nowrap">
              return by <span className="font-semibold">{shortDay(extension.endDate)}</span>
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function Charges({ booking, canWaive }: { booking: AdminBookingDetail; canWaive: boolean }) {
  return (
    <Panel title="Charges after the rental" count={booking.charges.length}>
      {booking.charges.length === 0 ? (
        <Nothing>Nothing owed.</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200">
          {booking.charges.map((charge) => (
            <li key={charge.id} className="px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{money(charge.amount)}</span>
                <Badge
                  tone={
                    charge.status === 'due'
                      ? 'bg-amber-100 text-amber-900'
                      : charge.status === 'paid'
                        ? 'bg-green-100 text-green-900'
                        : 'bg-stone-100 text-stone-800'
                  }
                >
                  {CHARGE_KIND_LABELS[charge.kind]} · {charge.status}
                </Badge>
              </div>
              <p className="mt-1 text-stone-700">{charge.reason}</p>
              {canWaive && charge.status === 'due' && (
                <WaiveForm bookingId={booking._id} chargeId={charge.id} />
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function WaiveForm({ bookingId, chargeId }: { bookingId: string; chargeId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const waive = useBookingAction((why: string) => bookingActions.waive(bookingId, chargeId, why));
  if (!open) {
    return (
      <button type="button" className={`${SECONDARY} mt-2`} onClick={() => setOpen(true)}>
        Waive…
      </button>
    );
  }
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        waive.mutate(reason.trim());
      }}
    >
      <div className="min-w-48 flex-1">
        <label htmlFor={`waive-${chargeId}`} className={LABEL}>
          Reason for waiving
        </label>
        <input
          id={`waive-${chargeId}`}
          className={`${INPUT} mt-1.5`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          maxLength={300}
        />
      </div>
      <button type="submit" className={SECONDARY} disabled={waive.isPending || !reason.trim()}>
        Waive
      </button>
    </form>
  );
}

export function Money({
  booking,
  extensions,
}: {
  booking: AdminBookingDetail;
  extensions: AppliedExtension[];
}) {
  const extraDays = extensions.reduce((sum, extension) => sum + extension.days, 0);
  const rows: [string, ReactNode][] = [
    ['Subtotal', money(booking.subtotal)],
    ...(booking.appliedCoupon
      ? [
          [
            `Coupon ${booking.appliedCoupon.code}`,
            `−${money(booking.appliedCoupon.discountAmount)}`,
          ] as [string, string],
        ]
      : []),
    ['Delivery', money(booking.deliveryFee)],
    ['Damage protection', money(booking.insuranceAmount)],
    ...(booking.items.some((item) => item.backupSize)
      ? [['Back-up sizes', money(booking.backupFees ?? 0)] as [string, string]]
      : []),
    ['Total', money(booking.totalPrice)],
    ...(extensions.length > 0
      ? [
          [
            `Extensions (+${extraDays} ${extraDays === 1 ? 'day' : 'days'})`,
            money(extensions.reduce((sum, extension) => sum + extension.amount, 0)),
          ] as [string, string],
        ]
      : []),
  ];
  return (
    <Panel title="Payments and refunds">
      <dl className="grid grid-cols-[1fr_auto] gap-y-1 px-4 py-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-700">{label}</dt>
            <dd className="text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="divide-y divide-stone-200 border-t border-stone-200">
        {booking.payments.map((payment) => (
          <li key={payment.orderId} className="px-4 py-2 text-sm">
            <span className="font-medium">{money(payment.amount)}</span> · {payment.provider} ·{' '}
            {payment.status}
            {payment.method && ` · ${payment.method}`}
            <span className="block truncate font-mono text-xs text-stone-600">
              {payment.paymentId ?? payment.orderId}
            </span>
          </li>
        ))}
        {booking.refunds.map((refund) => (
          <li key={refund.createdAt} className="px-4 py-2 text-sm">
            Refund <span className="font-medium">{money(refund.amount)}</span> · {refund.status} ·{' '}
            {shortMoment(refund.createdAt)}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

export function Audit({ booking }: { booking: AdminBookingDetail }) {
  return (
    <Panel title="Audit trail" count={booking.audit.length}>
      {booking.audit.length === 0 ? (
        <Nothing>No changes yet.</Nothing>
      ) : (
        <ol className="divide-y divide-stone-200">
          {booking.audit.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="px-4 py-2 text-sm">
              <span className="font-medium">{entry.action}</span> by {entry.actor.email} (
              {entry.actor.role}) · {shortMoment(entry.at)}
              {entry.note && <span className="block text-stone-700">{entry.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
