import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  formatRupees,
  type Booking,
  type BookingItem,
  type ReportReason,
  type ReportWant,
} from '@pehnava/shared';
import { useId, useState, type FormEvent } from 'react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/ui/buttons';
import { bookingsMessages } from '../../i18n/bookings';
import { useMessages } from '../../i18n/messages';
import { notify } from '../../lib/notify';
import { useRefreshBookings } from '../../lib/shopper';
import { useProduct } from '../product/api';
import { reportItem } from './api';

/** True while the booking's fit window is open (the server says until when). */
export function fitWindowOpen(booking: Booking, now = Date.now()): boolean {
  return Boolean(booking.fitWindowEndsAt && Date.parse(booking.fitWindowEndsAt) > now);
}

/** What became of a reported item, in the shopper's words. */
export function ReportOutcome({ report }: { report: NonNullable<BookingItem['report']> }) {
  const m = useMessages(bookingsMessages);
  const text =
    report.outcome === 'exchange'
      ? m.reportExchange({ size: report.size ?? '' })
      : report.refundAmount > 0
        ? m.reportRefunded({ amount: formatRupees(report.refundAmount) })
        : m.reportCollect();
  return (
    <p className="mt-1 text-xs font-medium text-maroon-800" data-testid="details-item-report">
      {text}
    </p>
  );
}

const RADIO = 'h-4 w-4 accent-maroon-700';

/**
 * 'Report a problem' for one item within 24 hours of delivery (DECISIONS.md: the fit window):
 * why (does not fit, or not as described), and what the shopper would like (another size, or a
 * refund of the item). The server decides: the size set aside, or the refund when none is free.
 */
export function ReportProblem({ booking, item }: { booking: Booking; item: BookingItem }) {
  const m = useMessages(bookingsMessages);
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className="mt-2 text-xs font-semibold text-maroon-700 underline underline-offset-2 hover:text-maroon-900"
        onClick={() => setOpen(true)}
      >
        {m.reportProblem()}
      </button>
    );
  }
  return <ReportForm booking={booking} item={item} onDone={() => setOpen(false)} />;
}

function ReportForm({
  booking,
  item,
  onDone,
}: {
  booking: Booking;
  item: BookingItem;
  onDone: () => void;
}) {
  const m = useMessages(bookingsMessages);
  const [reason, setReason] = useState<ReportReason>('fit');
  const [want, setWant] = useState<ReportWant>('exchange');
  const [size, setSize] = useState('');
  const [note, setNote] = useState('');
  const product = useProduct(item.listingId._id);
  const refreshBookings = useRefreshBookings();
  const queryClient = useQueryClient();
  const ids = useId();
  const sizes = (product.data?.sizes ?? []).map((s) => s.size);
  const choices = reason === 'fit' ? sizes.filter((s) => s !== item.size) : sizes;

  const send = useMutation({
    mutationFn: () =>
      reportItem(
        booking._id,
        item._id,
        {
          reason,
          want,
          ...(want === 'exchange' && size ? { size } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
        m.reportFailed(),
      ),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      onDone();
      await refreshBookings();
      void queryClient.invalidateQueries({ queryKey: ['availability', item.listingId._id] });
    },
    onError: (error) => notify.error(error.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (want === 'exchange' && reason === 'fit' && !size) {
      notify.error(m.chooseSizeInstead());
      return;
    }
    send.mutate();
  };

  return (
    <form
      onSubmit={submit}
      aria-label={m.reportProblemWith({ name: item.listingId.name })}
      className="mt-3 space-y-3 rounded-2xl border border-stone-200 bg-stone-50 p-3 text-sm"
      data-testid="report-problem"
    >
      <fieldset>
        <legend className="mb-1 font-medium text-stone-900">{m.whatIsWrong()}</legend>
        <label className="flex items-center gap-2 py-1">
          <input
            type="radio"
            name={`${ids}-reason`}
            className={RADIO}
            checked={reason === 'fit'}
            onChange={() => setReason('fit')}
          />
          {m.doesNotFit()}
        </label>
        <label className="flex items-center gap-2 py-1">
          <input
            type="radio"
            name={`${ids}-reason`}
            className={RADIO}
            checked={reason === 'not-as-described'}
            onChange={() => setReason('not-as-described')}
          />
          {m.notAsDescribed()}
        </label>
      </fieldset>
      <fieldset>
        <legend className="mb-1 font-medium text-stone-900">{m.whatWouldYouLike()}</legend>
        <label className="flex items-center gap-2 py-1">
          <input
            type="radio"
            name={`${ids}-want`}
            className={RADIO}
            checked={want === 'exchange'}
            onChange={() => setWant('exchange')}
          />
          {reason === 'fit' ? m.anotherSize() : m.anotherPiece()}
        </label>
        <label className="flex items-center gap-2 py-1">
          <input
            type="radio"
            name={`${ids}-want`}
            className={RADIO}
            checked={want === 'refund'}
            onChange={() => setWant('refund')}
          />
          {m.refundItem()}
        </label>
      </fieldset>
      {want === 'exchange' && (
        <div>
          <label htmlFor={`${ids}-size`} className="mb-1 block font-medium text-stone-900">
            {m.sizeLabel()}
          </label>
          <select
            id={`${ids}-size`}
            value={size}
            onChange={(event) => setSize(event.target.value)}
            className="w-full rounded-xl border border-stone-300 bg-white px-3 py-2"
            disabled={product.isPending}
          >
            <option value="">
              {reason === 'fit' ? m.chooseASize() : m.sameSize({ size: item.size })}
            </option>
            {choices.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label htmlFor={`${ids}-note`} className="mb-1 block font-medium text-stone-900">
          {m.anythingToKnow()}
        </label>
        <textarea
          id={`${ids}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={500}
          rows={2}
          className="w-full rounded-xl border border-stone-300 bg-white px-3 py-2"
        />
      </div>
      <p className="text-xs text-stone-500">{m.reportNote()}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className={`${PRIMARY_BUTTON} flex-1 py-2`} disabled={send.isPending}>
          {send.isPending ? m.sending() : m.sendReport()}
        </button>
        <button
          type="button"
          className={`${SECONDARY_BUTTON} flex-1 py-2`}
          onClick={onDone}
          disabled={send.isPending}
        >
          {m.cancel()}
        </button>
      </div>
    </form>
  );
}
