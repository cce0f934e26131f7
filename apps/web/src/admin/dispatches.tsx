import { useQuery } from '@tanstack/react-query';
import { addDays, isIsoDate } from '@pehnava/shared';
import { RotateCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useToken } from '../lib/session';
import { dispatchesQuery } from './api';
import { ScanToSend, usePacking } from './scan-to-send';
import { Dispatches } from './dispatch-list';
import {
  Failed,
  INPUT,
  LABEL,
  Loading,
  SECONDARY,
  ScreenTitle,
  shortDay,
  useConsoleTitle,
} from './ui';

/**
 * /admin/dispatches?date=: one day's send list with its scan-to-send panel (issue [N] §2): what
 * leaves that day (today's with the fit-window exchanges waiting), packed by scanning tags as on
 * Today, for packing a day ahead or looking back at one.
 */
export function DispatchesScreen() {
  const token = useToken() ?? '';
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  // Without a day asked, the server's today (its clock is the shop's).
  const list = useQuery(dispatchesQuery(token, isIsoDate(asked) ? asked : undefined));
  const date = list.data?.date ?? (isIsoDate(asked) ? asked : '');
  const next = useQuery({
    ...dispatchesQuery(token, date ? addDays(date, 1) : undefined),
    enabled: Boolean(date),
  });
  const packing = usePacking(date);
  const isToday = !isIsoDate(asked);
  useConsoleTitle(date ? `Send list, ${shortDay(date)}` : 'Send list');
  return (
    <>
      <ScreenTitle title={date ? `Send list, ${shortDay(date)}` : 'Send list'}>
        <button
          type="button"
          className={SECONDARY}
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
        >
          <RotateCw size={16} aria-hidden className={list.isFetching ? 'animate-spin' : ''} />
          Refresh
        </button>
      </ScreenTitle>
      <div className="mb-4 max-w-xs">
        <label htmlFor="dispatch-day" className={LABEL}>
          Day
        </label>
        <input
          id="dispatch-day"
          type="date"
          className={INPUT}
          value={date}
          onChange={(event) => {
            const day = event.target.value;
            if (isIsoDate(day)) setParams({ date: day }, { replace: true });
          }}
        />
      </div>
      {list.isPending ? (
        <Loading label="Loading the send list" />
      ) : list.isError ? (
        <Failed message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ScanToSend
            day={list.data.dispatches}
            tomorrow={next.data?.dispatches ?? []}
            packing={packing}
          />
          <Dispatches
            id="send-day"
            title={isToday ? 'Send today' : `Send on ${shortDay(date)}`}
            bookings={list.data.dispatches}
            empty="Nothing to send that day."
            packing={packing}
          />
        </>
      )}
    </>
  );
}
