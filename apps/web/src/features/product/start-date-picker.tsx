import { dateFormatsIn } from '@pehnava/shared';
import type { IsoDate } from '@pehnava/shared';
import { CalendarDays, X } from 'lucide-react';
import { Glyph } from '../../components/ui/glyph';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useMessages, useLanguage } from '../../i18n/messages';
import { productMessages } from '../../i18n/product';
import {
  DAY_NAME_FORMAT,
  MONTH_TITLE_FORMAT,
  WEEKDAYS,
  clampDate,
  firstOpenDay,
  formatDayName,
  formatMonth,
  monthOf,
  monthWeeks,
  moveFocus,
  shiftMonths,
} from './calendar';

const NAV_BUTTON =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-700 transition hover:bg-maroon-50 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-maroon-700 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent';

/**
 * The start date: a button that opens a calendar of the bookable window (the WAI-ARIA date picker
 * pattern: a dialog holding a grid). Arrow keys, Home/End and Page Up/Down move between days,
 * Enter or Space chooses, Escape closes. Days before `min` or after `max` cannot be chosen, and
 * neither can `booked` days: those are greyed and struck through, with `reason` saying why. A
 * booked day pressed says why (`bookedNote`), with `bookedAction` under it (what the shopper can
 * do instead).
 */
export function StartDatePicker({
  value,
  onChange,
  today,
  min,
  max,
  booked,
  reason,
  bookedNote,
  status,
  onIntent,
  bookedAction,
}: {
  /** YYYY-MM-DD or '' */
  value: string;
  onChange: (date: IsoDate) => void;
  /** Today in India, marked on the calendar. */
  today: IsoDate;
  /** The first and last day that may be chosen. */
  min: IsoDate;
  max: IsoDate;
  booked: ReadonlySet<IsoDate>;
  /** Why a booked day is greyed: the legend's words. */
  reason: string;
  /** Why this booked day cannot be chosen, said when it is pressed ('Sat, 12 Dec, 2026: …'). */
  bookedNote: (date: IsoDate) => string;
  /** A line on the state of the booked days (still checking, could not check). */
  status?: string;
  /** The shopper reaches for the date: time to find out which days are booked. */
  onIntent: () => void;
  /** Shown under the reason when a booked day is pressed, for that day (e.g. 'Notify me'). */
  bookedAction?: (date: IsoDate) => ReactNode;
}) {
  const m = useMessages(productMessages);
  const dates = dateFormatsIn(useLanguage());
  const labelId = useId();
  const valueId = useId();
  const titleId = useId();
  const dialogId = useId();
  const [open, setOpen] = useState(false);
  /** The day in the Tab order (and focused while the grid has focus); its month is shown. */
  const [focused, setFocused] = useState<IsoDate>(min);
  const month = monthOf(focused);
  /** The last booked day the shopper tried to choose: said why, while it stays booked. */
  const [noted, setNoted] = useState<IsoDate>();
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  /** Set by the keyboard and on opening: the focused day takes the browser's focus. */
  const moveDomFocus = useRef(false);

  const outside = (date: IsoDate) => date < min || date > max;
  const unavailable = (date: IsoDate) => outside(date) || booked.has(date);
  const notedBooked = noted && booked.has(noted) && !outside(noted) ? noted : undefined;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    setNoted(undefined);
    if (returnFocus) trigger.current?.focus();
  };

  const show = () => {
    onIntent();
    // Start on the chosen day, else the first day that can be chosen.
    const start = value && !outside(value) ? value : firstOpenDay(min, max, unavailable);
    setFocused(start);
    moveDomFocus.current = true;
    setOpen(true);
  };

  // Focus follows the focused day when the keyboard moved it or the calendar opened.
  useEffect(() => {
    if (!open || !moveDomFocus.current) return;
    moveDomFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [open, focused]);

  // A press anywhere outside closes it, leaving focus where the shopper put it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  });

  /** The previous or next month; one of its days stays in the Tab order. */
  const turnMonth = (count: number) => {
    setFocused(clampDate(shiftMonths(focused, count), min, max));
    setNoted(undefined);
  };

  const choose = (date: IsoDate) => {
    setFocused(date);
    if (booked.has(date) && !outside(date)) {
      setNoted(date);
      return;
    }
    if (outside(date)) return;
    onChange(date);
    close(true);
  };

  const onGridKey = (event: KeyboardEvent) => {
    const next = moveFocus(focused, event.key, min, max);
    if (!next) return;
    event.preventDefault();
    setNoted(undefined);
    setFocused(next);
    moveDomFocus.current = true;
  };

  return (
    <div
      ref={container}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        // Tabbing out of the calendar closes it; a press outside is handled above.
        const to = event.relatedTarget as Node | null;
        if (open && to && !container.current?.contains(to)) close(false);
      }}
    >
      <span id={labelId} className="mb-2 block text-sm font-medium text-stone-900">
        {m.startDate()}
      </span>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onClick={() => (open ? close(false) : show())}
        data-testid="start-date"
        className={`inline-flex h-11 min-w-52 items-center gap-2.5 rounded-xl border bg-white px-3.5 text-left text-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 ${
          open ? 'border-maroon-700' : 'border-stone-300 hover:border-maroon-700'
        }`}
      >
        <CalendarDays size={18} aria-hidden className="shrink-0 text-maroon-700" />
        <span id={valueId} className={value ? 'text-stone-900' : 'text-stone-500'}>
          {value ? dates.isoDate(value) : m.chooseDate()}
        </span>
      </button>

      {open && (
        <div
          id={dialogId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          data-testid="start-date-calendar"
          className="absolute left-0 top-full z-30 mt-2 w-[21.5rem] max-w-[calc(100vw-2rem)] rounded-2xl bg-white p-4 shadow-xl ring-1 ring-black/10"
        >
          <div className="flex items-center justify-between gap-2">
            <button
              type="button"
              className={NAV_BUTTON}
              aria-label={m.previousMonth()}
              disabled={month <= monthOf(min)}
              onClick={() => turnMonth(-1)}
            >
              <Glyph icon="chevronLeft" size={20} />
            </button>
            <h2
              id={titleId}
              aria-live="polite"
              className="font-display text-lg text-maroon-900"
              data-month={month}
            >
              {formatMonth(month, dates.custom(MONTH_TITLE_FORMAT))}
            </h2>
            <button
              type="button"
              className={NAV_BUTTON}
              aria-label={m.nextMonth()}
              disabled={month >= monthOf(max)}
              onClick={() => turnMonth(1)}
            >
              <Glyph icon="chevronRight" size={20} />
            </button>
          </div>

          <table
            ref={grid}
            role="grid"
            aria-labelledby={titleId}
            className="mt-2 w-full table-fixed border-separate border-spacing-y-1 text-center text-sm"
            onKeyDown={onGridKey}
          >
            <thead>
              <tr>
                {WEEKDAYS.map((day) => (
                  <th
                    key={day}
                    scope="col"
                    abbr={m[`weekday${day}`]()}
                    className="pb-1 text-xs font-medium text-stone-500"
                  >
                    {m[`weekdayShort${day}`]()}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(month).map((week) => (
                <tr key={week.find(Boolean)}>
                  {week.map((date, i) =>
                    date ? (
                      <td key={date} className="p-0">
                        <DayButton
                          date={date}
                          chosen={date === value}
                          isToday={date === today}
                          isBooked={!outside(date) && booked.has(date)}
                          isOutside={outside(date)}
                          tabbable={date === focused}
                          onChoose={() => choose(date)}
                        />
                      </td>
                    ) : (
                      <td key={`blank-${i}`} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>

          <div className="mt-3 space-y-2 border-t border-stone-100 pt-3 text-xs text-stone-600">
            <p className="flex items-start gap-2">
              <span
                aria-hidden
                className="inline-flex h-5 w-6 shrink-0 items-center justify-center rounded bg-stone-100 text-[11px] text-stone-600 line-through"
              >
                12
              </span>
              <span data-testid="booked-legend">{reason}</span>
            </p>
            {status && <p data-testid="availability-status">{status}</p>}
            <p aria-live="polite" className="font-medium text-maroon-900" data-testid="booked-note">
              {notedBooked && bookedNote(notedBooked)}
            </p>
            {notedBooked && bookedAction?.(notedBooked)}
          </div>

          <div className="mt-1 flex justify-end">
            <button
              type="button"
              onClick={() => close(true)}
              className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-maroon-700"
            >
              <X size={16} aria-hidden /> {m.close()}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function DayButton({
  date,
  chosen,
  isToday,
  isBooked,
  isOutside,
  tabbable,
  onChoose,
}: {
  date: IsoDate;
  chosen: boolean;
  isToday: boolean;
  isBooked: boolean;
  isOutside: boolean;
  tabbable: boolean;
  onChoose: () => void;
}) {
  const m = useMessages(productMessages);
  const dates = dateFormatsIn(useLanguage());
  const disabled = isBooked || isOutside;
  let look = 'text-stone-900 hover:bg-maroon-50';
  if (chosen) look = 'bg-maroon-700 font-semibold text-white';
  else if (isBooked) look = 'bg-stone-100 text-stone-500 line-through decoration-stone-500';
  else if (isOutside) look = 'text-stone-300';
  const name = [
    formatDayName(date, dates.custom(DAY_NAME_FORMAT)),
    isToday && m.today(),
    isBooked && m.booked(),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      data-date={date}
      data-booked={isBooked || undefined}
      tabIndex={tabbable ? 0 : -1}
      aria-label={name}
      aria-disabled={disabled || undefined}
      aria-pressed={chosen}
      aria-current={isToday ? 'date' : undefined}
      onClick={onChoose}
      className={`relative mx-auto flex h-10 w-10 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-maroon-700 ${look} ${
        disabled ? 'cursor-not-allowed' : ''
      }`}
    >
      {Number(date.slice(8, 10))}
      {isToday && !chosen && (
        <span aria-hidden className="absolute bottom-1 h-1 w-1 rounded-full bg-maroon-700" />
      )}
    </button>
  );
}
