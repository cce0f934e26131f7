import { useQuery } from '@tanstack/react-query';
import { formatRupees, type Booking, type ExtensionQuote, dateFormatsIn } from '@pehnava/shared';
import { CalendarPlus, ChevronDown, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { PRIMARY_BUTTON } from '../../components/ui/buttons';
import { ShopperMessage } from '../../components/ui/shopper-message';
import { bookingsMessages } from '../../i18n/bookings';
import { richText, useMessages, useLanguage } from '../../i18n/messages';
import { useToken } from '../../lib/session';
import { useProfile } from '../../lib/shopper';
import { formatReturnDay } from './status';
import { extensionQuoteQuery, useExtendBooking } from './use-extend-booking';

/**
 * 'Keep it longer' on a booking that is out (DECISIONS.md 'Extending a rental'): a button that
 * opens a small panel below it. The quote is asked for only when the panel opens.
 */
export function KeepItLonger({ booking }: { booking: Booking }) {
  const m = useMessages(bookingsMessages);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-full bg-white px-4 text-sm font-medium text-maroon-700 ring-1 ring-maroon-700/40 transition hover:bg-maroon-50 hover:ring-maroon-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700"
      >
        <CalendarPlus size={16} aria-hidden />
        {m.keepItLonger()}
        <ChevronDown
          size={16}
          aria-hidden
          className={`transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {/* The panel takes the footer's whole width, below the return date and the button. */}
      <div id={panelId} className="basis-full empty:hidden">
        {open && <ExtendPanel booking={booking} onDone={() => setOpen(false)} />}
      </div>
    </>
  );
}

function ExtendPanel({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const m = useMessages(bookingsMessages);
  const token = useToken() ?? '';
  const quote = useQuery(extensionQuoteQuery(token, booking._id));
  return (
    <section
      aria-label={m.keepItLonger()}
      aria-busy={quote.isPending}
      className="border-t border-maroon-700/10 pt-4 sm:mt-1 sm:rounded-2xl sm:border-0 sm:bg-white sm:p-5 sm:shadow-sm sm:ring-1 sm:ring-stone-200"
      data-testid="extend-panel"
    >
      {quote.isPending ? (
        <p className="flex items-center gap-2 text-sm text-stone-600">
          <Loader2 size={16} aria-hidden className="animate-spin" />
          {m.checkingDates()}
        </p>
      ) : quote.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p role="alert" className="text-red-700">
            <ShopperMessage text={quote.error.message} />
          </p>
          <button
            type="button"
            className="font-medium text-maroon-700 underline underline-offset-2"
            onClick={() => void quote.refetch()}
          >
            {m.tryAgain()}
          </button>
        </div>
      ) : (
        <Choice booking={booking} quote={quote.data} onDone={onDone} />
      )}
    </section>
  );
}

function Choice({
  booking,
  quote,
  onDone,
}: {
  booking: Booking;
  quote: ExtensionQuote;
  onDone: () => void;
}) {
  const m = useMessages(bookingsMessages);
  const dates = dateFormatsIn(useLanguage());
  const name = useId();
  const extend = useExtendBooking({ booking, email: useProfile().data?.email, onExtended: onDone });
  const [wanted, setWanted] = useState(1);
  // After a refusal the quote is asked again and may offer fewer days than were chosen.
  const days = Math.min(wanted, quote.maxDays);
  const option = quote.options.find((o) => o.days === days);
  const problem = extend.problem !== quote.reason ? extend.problem : undefined;

  if (!quote.extendable || !option) {
    return (
      <div className="space-y-2 text-sm" data-testid="extend-unavailable">
        {problem && <Problem message={problem} />}
        <p className="text-stone-700" data-testid="extend-reason">
          {quote.reason === null ? m.cannotExtend() : <ShopperMessage text={quote.reason} />}
        </p>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-stone-900">{m.howManyMoreDays()}</legend>
        <div
          className="mt-2 grid gap-1 rounded-2xl bg-white p-1 ring-1 ring-stone-200 sm:bg-stone-100 sm:ring-0"
          style={{ gridTemplateColumns: `repeat(${quote.options.length}, minmax(0, 1fr))` }}
        >
          {quote.options.map((o) => (
            <label
              key={o.days}
              className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl text-sm font-semibold transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-maroon-700 ${
                o.days === days
                  ? 'bg-maroon-700 text-white shadow-sm'
                  : 'text-stone-700 hover:bg-white hover:text-maroon-700'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={o.days}
                checked={o.days === days}
                disabled={extend.paying}
                onChange={() => setWanted(o.days)}
                className="sr-only"
              />
              <span aria-hidden>+{o.days}</span>
              <span className="sr-only">{m.moreDays({ count: o.days })}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex items-end justify-between gap-4" aria-live="polite">
        <div className="min-w-0">
          <p className="text-base text-stone-900" data-testid="extend-new-date">
            {richText(m.returnBy, {
              date: <span className="font-semibold">{formatReturnDay(option.endDate, dates)}</span>,
            })}
          </p>
          <p className="mt-0.5 text-xs text-stone-600" data-testid="extend-per-day">
            {(quote.insured ? m.perDayInsured : m.perDay)({ price: formatRupees(quote.perDay) })}
          </p>
        </div>
        <p className="shrink-0 text-right">
          <span className="block text-xs text-stone-500">{m.moreDays({ count: days })}</span>
          <span className="text-xl font-semibold text-stone-900" data-testid="extend-price">
            {formatRupees(option.amount)}
          </span>
        </p>
      </div>

      {problem && <Problem message={problem} />}

      <div>
        <button
          type="button"
          className={`${PRIMARY_BUTTON} w-full`}
          disabled={extend.paying}
          aria-busy={extend.paying}
          onClick={() => extend.pay(days)}
        >
          {extend.paying ? m.processing() : m.pay({ amount: formatRupees(option.amount) })}
        </button>
        <p className="mt-2 text-xs leading-relaxed text-stone-500">{m.extendNote()}</p>
      </div>
    </div>
  );
}

/** The server's refusal, where the shopper chose. */
function Problem({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="rounded-xl bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200"
      data-testid="extend-problem"
    >
      <ShopperMessage text={message} />
    </p>
  );
}
