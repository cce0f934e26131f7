import { useQuery } from '@tanstack/react-query';
import {
  mayHandleMoney,
  type FulfilmentBooking,
  type FulfilmentItem,
  type TodayResponse,
  type User,
} from '@pehnava/shared';
import { CircleAlert, RotateCw, ScanLine } from 'lucide-react';
import { Link } from '../lib/link';
import { useToken } from '../lib/session';
import { todayQuery } from './api';
import { BackupMark, sealSaid } from './backup-piece';
import { BookingLink, Dispatches, Shopper } from './dispatch-list';
import { HealthLine } from './health-line';
import { RefundsPanel } from './refunds-panel';
import { ScanToSend, usePacking } from './scan-to-send';
import {
  Badge,
  Failed,
  Loading,
  Nothing,
  Panel,
  SECONDARY,
  ScreenTitle,
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
      {mayHandleMoney(user.role) && <HealthLine />}
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
                    {item.backup && <BackupReturn backup={item.backup} />}
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

/** A line's back-up on the returns list: its tag, and whether its seal came back intact. */
function BackupReturn({ backup }: { backup: NonNullable<FulfilmentItem['backup']> }) {
  const seal = sealSaid(backup.sealIntact);
  return (
    <span className="flex w-full flex-wrap items-center gap-2 border-l-2 border-amber-300 pl-2">
      <span className="font-mono font-semibold">{backup.unitCode ?? 'no unit'}</span>
      <BackupMark />
      <span className="text-stone-800">size {backup.size}</span>
      {seal ? (
        <Badge tone={backup.sealIntact ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}>
          Back · {seal}
        </Badge>
      ) : (
        backup.unitCode && (
          <Link
            to={`/admin/check-in?code=${encodeURIComponent(backup.unitCode)}`}
            className={`${SECONDARY} ml-auto`}
            aria-label={`Check in ${backup.unitCode}`}
          >
            <ScanLine size={16} aria-hidden />
            Check in
          </Link>
        )
      )}
    </span>
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
