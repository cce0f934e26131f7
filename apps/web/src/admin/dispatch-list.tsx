import { useQueryClient } from '@tanstack/react-query';
import type { FulfilmentBooking } from '@pehnava/shared';
import { CircleCheckBig, PackagePlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from '../lib/link';
import { notify } from '../lib/notify';
import { bookingActions } from './api';
import type { Packing } from './scan-to-send';
import { BackupMark } from './backup-piece';
import { useAction } from './use-action';
import { Badge, Nothing, PRIMARY, Panel, StatusBadge } from './ui';

/*
 * A day's send list, as Today and the Dispatch screen show it: each booking with its pieces' tags
 * (green once packed), a fit-window exchange with the piece to collect, and Dispatch at one tap.
 */

/** Who booked, and the city it goes to. */
export const Shopper = ({ booking }: { booking: FulfilmentBooking }) => (
  <span>
    {booking.shopper?.name ?? 'Account deleted'} · {booking.deliveryAddress.city}
  </span>
);

/** A booking's number, linking to its page. */
export const BookingLink = ({ id, number }: { id: string; number: string }) => (
  <Link
    to={`/admin/bookings/${id}`}
    className="font-mono font-semibold text-maroon-700 underline-offset-4 hover:underline"
  >
    #{number}
  </Link>
);

export function Dispatches({
  id,
  title,
  bookings,
  empty,
  packing,
  action,
}: {
  id: string;
  title: string;
  bookings: FulfilmentBooking[];
  empty: string;
  /** The packing table's state, for the day it packs (its list only). */
  packing?: Packing;
  action?: ReactNode;
}) {
  return (
    <Panel id={id} title={title} count={bookings.length} action={action}>
      {bookings.length === 0 ? (
        <Nothing>{empty}</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200">
          {bookings.map((booking) => (
            <DispatchRow
              key={`${booking.bookingId}${booking.exchange ? '-exchange' : ''}`}
              booking={booking}
              packing={packing}
            />
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** A piece's tag code, green once packed at this table; 'no unit' when none is reserved. */
function TagChip({ code, packed }: { code: string | undefined; packed: boolean }) {
  return (
    <span
      className={`rounded px-1.5 py-0.5 font-mono text-[0.95rem] font-semibold tracking-wide ${
        packed ? 'bg-green-100 text-green-900' : 'bg-stone-100 text-stone-900'
      }`}
    >
      {packed && <span className="sr-only">packed: </span>}
      {code ?? 'no unit'}
    </span>
  );
}

function DispatchRow({ booking, packing }: { booking: FulfilmentBooking; packing?: Packing }) {
  const client = useQueryClient();
  // The row says Sent at the tap (a packer taps in a rhythm), while the server records it; a
  // refusal puts the button back with the server's reason.
  const [refused, setRefused] = useState<string>();
  // Sent by this tap, until the refreshed board says so too.
  const [answered, setAnswered] = useState(false);
  const dispatch = useAction({
    mutationFn: () => bookingActions.dispatch(booking.bookingId),
    onSuccess: (answer) => {
      setAnswered(answer.booking.items.every((item) => item.dispatchedAt));
      notify.success(answer.message ?? 'Dispatched');
      void client.invalidateQueries({ queryKey: ['console'] });
    },
    onError: (error) => {
      setRefused(error.message);
      notify.error(`#${booking.bookingNumber} was not sent: ${error.message}`);
    },
  });
  // Sending from here, or from the scan panel (packing.sending), shows as Sent at once.
  const sent =
    dispatch.isPending ||
    answered ||
    Boolean(packing?.sending.has(booking.bookingId)) ||
    booking.items.every((item) => item.dispatchedAt);
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <BookingLink id={booking.bookingId} number={booking.bookingNumber} />
        {booking.exchange ? (
          <Badge tone="bg-violet-100 text-violet-900">Fit exchange</Badge>
        ) : (
          <StatusBadge status={booking.status} />
        )}
        <span className="text-stone-700">
          <Shopper booking={booking} />
        </span>
      </div>
      <ul className="mt-2 space-y-1.5">
        {booking.items.map((item) => {
          const packed = (code: string) => Boolean(packing?.packed.has(code)) && !item.dispatchedAt;
          return (
            <li key={item.itemId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
              {item.unitCodes.length === 0 ? (
                <TagChip code={undefined} packed={false} />
              ) : (
                item.unitCodes.map((code) => (
                  <TagChip key={code} code={code} packed={packed(code)} />
                ))
              )}
              <span className="text-stone-800">
                {item.name} · size {item.size}
                {item.quantity > 1 && ` · ${item.quantity} pieces`}
              </span>
              {item.backup && (
                <span
                  className="mt-1 flex w-full flex-wrap items-center gap-x-2 gap-y-1 border-l-2 border-amber-300 pl-2"
                  data-testid="dispatch-backup"
                >
                  <TagChip
                    code={item.backup.unitCode ?? undefined}
                    packed={Boolean(item.backup.unitCode) && packed(item.backup.unitCode!)}
                  />
                  <BackupMark />
                  <span className="text-stone-800">size {item.backup.size}</span>
                </span>
              )}
              {item.collectCodes.length > 0 && (
                <span className="w-full text-stone-700">
                  Collect{' '}
                  <span className="font-mono font-semibold">{item.collectCodes.join(', ')}</span>{' '}
                  when it arrives
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {sent ? (
          <>
            <Badge tone="bg-green-100 text-green-900">
              <CircleCheckBig size={14} className="mr-1" aria-hidden />
              Sent
            </Badge>
            {dispatch.isPending && <span className="text-sm text-stone-700">Saving…</span>}
          </>
        ) : (
          <button
            type="button"
            className={PRIMARY}
            onClick={() => {
              setRefused(undefined);
              dispatch.mutate();
            }}
            aria-label={`Dispatch ${booking.exchange ? 'the exchange of ' : ''}booking ${booking.bookingNumber}`}
          >
            <PackagePlus size={16} aria-hidden />
            {booking.exchange ? 'Send exchange' : 'Dispatch'}
          </button>
        )}
        {refused && !sent && (
          <p role="alert" className="w-full text-sm text-red-800">
            Not sent: {refused}
          </p>
        )}
      </div>
    </li>
  );
}
