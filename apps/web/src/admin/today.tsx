import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useAction } from './use-action';
import {
  mayHandleMoney,
  type FulfilmentBooking,
  type TodayResponse,
  type User,
} from '@pehnava/shared';
import { CircleAlert, CircleCheckBig, PackagePlus, RotateCw, ScanLine } from 'lucide-react';
import { Link } from '../lib/link';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import { bookingActions, todayQuery } from './api';
import { RefundsPanel } from './refunds-panel';
import { ScanToSend, usePacking, type Packing } from './scan-to-send';
import {
  Badge,
  Failed,
  Loading,
  Nothing,
  PRIMARY,
  Panel,
  SECONDARY,
  ScreenTitle,
  StatusBadge,
  money,
  shortDay,
  shortMoment,
  useConsoleTitle,
} from './ui';

/**
 * /admin: Today. What to pick and send today and tomorrow, what is due back and late, and what
 * needs a person; every row acts in place (dispatch, check in, open).
 */
export function TodayScreen({ user }: { user: User }) {
  useConsoleTitle('Today');
  const token = useToken() ?? '';
  const today = useQuery(todayQuery(token));
  const packing = usePacking(today.data?.date ?? '');
  if (today.isPending) return <Loading label="Loading today" />;
  if (today.isError) {
    return <Failed message={today.error.message} onRetry={() => void today.refetch()} />;
  }
  const board = today.data;
  const counts = [
    { href: '#send-today', label: 'to send', value: toSend(board.dispatches.today) },
    { href: '#due-today', label: 'due back', value: board.returns.today.length },
    { href: '#overdue', label: 'overdue', value: board.returns.overdue.length },
    { href: '#at-risk', label: 'at risk', value: board.atRisk.length },
  ];
  return (
    <>
      <ScreenTitle title={`Today, ${shortDay(board.date)}`}>
        <button
          type="button"
          className={SECONDARY}
          onClick={() => void today.refetch()}
          disabled={today.isFetching}
        >
          <RotateCw size={16} aria-hidden className={today.isFetching ? 'animate-spin' : ''} />
          Refresh
        </button>
      </ScreenTitle>
      <ul className="mb-5 grid grid-cols-4 gap-2" aria-label="At a glance">
        {counts.map(({ href, label, value }) => (
          <li key={href}>
            <a
              href={href}
              className="block rounded-xl bg-white px-2 py-3 text-center shadow-sm ring-1 ring-black/5 hover:ring-maroon-700"
            >
              <span className="block text-2xl font-semibold text-maroon-900">{value}</span>
              <span className="text-xs text-stone-700">{label}</span>
            </a>
          </li>
        ))}
      </ul>
      <ScanToSend
        day={board.dispatches.today}
        tomorrow={board.dispatches.tomorrow}
        packing={packing}
      />
      <div className="grid gap-5 lg:grid-cols-2">
        <Dispatches
          id="send-today"
          title="Send today"
          bookings={board.dispatches.today}
          empty="Nothing to send today."
          packing={packing}
          action={
            <Link to="/admin/dispatches" className="text-sm font-medium text-maroon-700 underline">
              Another day
            </Link>
          }
        />
        <Returns
          id="due-today"
          title="Due back today"
          bookings={board.returns.today}
          empty="Nothing is due back today."
        />
        <Returns
          id="overdue"
          title="Overdue"
          bookings={board.returns.overdue}
          empty="Nothing is late."
          late
        />
        <AtRisk rows={board.atRisk} />
        <Dispatches
          id="send-tomorrow"
          title={`Send tomorrow, ${shortDay(board.tomorrow)}`}
          bookings={board.dispatches.tomorrow}
          empty="Nothing to send tomorrow."
        />
        <ChargesDue rows={board.chargesDue} />
        <AwaitingPayment rows={board.awaitingPayment} />
        {mayHandleMoney(user.role) && <RefundsPanel />}
      </div>
    </>
  );
}

const toSend = (bookings: FulfilmentBooking[]) =>
  bookings.filter((b) => b.items.some((item) => !item.dispatchedAt)).length;

const Shopper = ({ booking }: { booking: FulfilmentBooking }) => (
  <span>
    {booking.shopper?.name ?? 'Account deleted'} · {booking.deliveryAddress.city}
  </span>
);

const BookingLink = ({ id, number }: { id: string; number: string }) => (
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
        {booking.items.map((item) => (
          <li key={item.itemId} className="flex flex-wrap items-baseline gap-x-2 text-sm">
            {item.unitCodes.length === 0 ? (
              <span className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-[0.95rem] font-semibold tracking-wide text-stone-900">
                no unit
              </span>
            ) : (
              item.unitCodes.map((code) => (
                <span
                  key={code}
                  className={`rounded px-1.5 py-0.5 font-mono text-[0.95rem] font-semibold tracking-wide ${
                    packing?.packed.has(code) && !item.dispatchedAt
                      ? 'bg-green-100 text-green-900'
                      : 'bg-stone-100 text-stone-900'
                  }`}
                >
                  {packing?.packed.has(code) && !item.dispatchedAt && (
                    <span className="sr-only">packed: </span>
                  )}
                  {code}
                </span>
              ))
            )}
            <span className="text-stone-800">
              {item.name} · size {item.size}
              {item.quantity > 1 && ` · ${item.quantity} pieces`}
            </span>
            {item.collectCodes.length > 0 && (
              <span className="w-full text-stone-700">
                Collect{' '}
                <span className="font-mono font-semibold">{item.collectCodes.join(', ')}</span> when
                it arrives
              </span>
            )}
          </li>
        ))}
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

function Returns({
  id,
  title,
  bookings,
  empty,
  late = false,
}: {
  id: string;
  title: string;
  bookings: FulfilmentBooking[];
  empty: string;
  late?: boolean;
}) {
  return (
    <Panel id={id} title={title} count={bookings.length}>
      {bookings.length === 0 ? (
        <Nothing>{empty}</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200">
          {bookings.map((booking) => (
            <li key={booking.bookingId} className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <BookingLink id={booking.bookingId} number={booking.bookingNumber} />
                <span className="text-stone-700">
                  <Shopper booking={booking} />
                </span>
              </div>
              <ul className="mt-2 space-y-2">
                {booking.items.map((item) => (
                  <li key={item.itemId} className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-mono font-semibold">{item.unitCodes.join(', ')}</span>
                    <span className="text-stone-800">
                      {item.name} · {item.size} · due {shortDay(item.endDate)}
                    </span>
                    {item.returnedAt ? (
                      <Badge tone="bg-green-100 text-green-900">Back</Badge>
                    ) : (
                      <>
                        {late && item.daysLate > 0 && (
                          <Badge tone="bg-red-100 text-red-900">
                            {item.daysLate} {item.daysLate === 1 ? 'day' : 'days'} late · fees{' '}
                            {money(item.lateFees)}
                          </Badge>
                        )}
                        {item.unitCodes[0] && (
                          <Link
                            to={`/admin/check-in?code=${encodeURIComponent(item.unitCodes[0])}`}
                            className={`${SECONDARY} ml-auto`}
                            aria-label={`Check in ${item.unitCodes[0]}`}
                          >
                            <ScanLine size={16} aria-hidden />
                            Check in
                          </Link>
                        )}
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function AtRisk({ rows }: { rows: TodayResponse['atRisk'] }) {
  return (
    <Panel id="at-risk" title="At risk" count={rows.length}>
      {rows.length === 0 ? (
        <Nothing>Every coming booking has a piece.</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200">
          {rows.map((row) => (
            <li key={`${row.bookingId}-${row.unitCode}`} className="px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <CircleAlert size={16} className="text-amber-700" aria-hidden />
                <BookingLink id={row.bookingId} number={row.bookingNumber} />
                <span>
                  {row.name} · {row.size} · starts {shortDay(row.startDate)}
                </span>
              </div>
              <p className="mt-1 text-stone-700">
                Unit {row.unitCode} cannot go; no other {row.size} was free.{' '}
                {row.shopper ? `Mailed ${row.shopper.email} a link to choose.` : ''}
              </p>
              <Link
                to={`/admin/bookings/${row.bookingId}#at-risk`}
                className={`${SECONDARY} mt-2`}
                aria-label={`Choose for booking ${row.bookingNumber}`}
              >
                Choose what to send
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function ChargesDue({ rows }: { rows: TodayResponse['chargesDue'] }) {
  return (
    <Panel id="charges-due" title="Charges due" count={rows.length}>
      {rows.length === 0 ? (
        <Nothing>No shopper owes anything.</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200">
          {rows.map((row) => (
            <li key={row.bookingId} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <BookingLink id={row.bookingId} number={row.bookingNumber} />
              <span className="text-stone-700">{row.shopper?.name ?? 'Account deleted'}</span>
              <span className="ml-auto font-semibold">{money(row.amountDue)}</span>
              <span className="text-stone-600">
                {row.charges} {row.charges === 1 ? 'charge' : 'charges'} since{' '}
                {shortMoment(row.oldestAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function AwaitingPayment({ rows }: { rows: TodayResponse['awaitingPayment'] }) {
  return (
    <Panel id="awaiting-payment" title="Awaiting payment" count={rows.length}>
      {rows.length === 0 ? (
        <Nothing>No checkout is waiting for its payment.</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200">
          {rows.map((row) => (
            <li key={row.bookingId} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <BookingLink id={row.bookingId} number={row.bookingNumber} />
              <span className="text-stone-700">{row.shopper?.email ?? 'Account deleted'}</span>
              <span className="ml-auto font-semibold">{money(row.totalPrice)}</span>
              <span className="text-stone-600">held until {shortMoment(row.holdEndsAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
