import {
  MAX_START_DAYS_AHEAD,
  addDays,
  type IsoDate,
  type Product,
  type RentalDuration,
  dateFormatsIn,
} from '@pehnava/shared';
import { CalendarClock, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { richText, useMessages, useLanguage } from '../../i18n/messages';
import { productMessages } from '../../i18n/product';
import { StartDatePicker } from './start-date-picker';

export interface RentalChoice {
  size: string;
  duration: RentalDuration;
  /** YYYY-MM-DD or '' */
  startDate: string;
}

const choiceButton =
  'rounded-xl border px-4 py-2 text-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 disabled:cursor-not-allowed';
const chosen = 'border-maroon-700 bg-maroon-700 text-white';
const open = 'border-stone-300 bg-white text-stone-800 hover:border-maroon-700';

/** What the calendar knows about booked days (features/product/availability.ts). */
export interface DateWindow {
  /** The first and last start date that may be chosen. */
  min: IsoDate;
  max: IsoDate;
  /** Start dates on which no piece is free for the chosen size and duration. */
  booked: ReadonlySet<IsoDate>;
  /** Why those are greyed. */
  reason: string;
  /** Why a booked day pressed cannot be chosen. */
  bookedNote: (date: IsoDate) => string;
  /** Still checking, could not check, or choose a size first. */
  status?: string;
  /** The shopper reaches for the date: start finding out which days are booked. */
  onIntent: () => void;
  /** What the shopper can do about a booked day they pressed (the calendar shows it under it). */
  bookedAction?: (date: IsoDate) => ReactNode;
}

/** Size, rental length and start date, with the return date they imply. */
export function RentalOptions({
  product,
  choice,
  today,
  durations,
  priceFor,
  onChange,
  dates,
  dateHint,
  dateHintAction,
}: {
  product: Product;
  choice: RentalChoice;
  today: string;
  /** The lengths the shopper's plan offers: 2, 4, 7 on free; 14 on Plus and Pro. */
  durations: readonly RentalDuration[];
  /** What `days` costs this shopper, as shown on its button. */
  priceFor: (days: RentalDuration) => string;
  onChange: (choice: RentalChoice) => void;
  dates: DateWindow;
  /** Said when a chosen date was cleared because it is booked for the new size or length. */
  dateHint?: string;
  /** What the shopper can do about it, under the hint (e.g. 'Notify me'). */
  dateHintAction?: ReactNode;
}) {
  const m = useMessages(productMessages);
  const formats = dateFormatsIn(useLanguage());
  const returnBy = choice.startDate ? addDays(choice.startDate, choice.duration) : undefined;

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-900">{m.size()}</legend>
        <div className="flex flex-wrap gap-2">
          {product.sizes.map(({ size, available }) => (
            <button
              key={size}
              type="button"
              disabled={!available}
              aria-pressed={choice.size === size}
              onClick={() => onChange({ ...choice, size })}
              className={`${choiceButton} min-w-12 ${
                !available
                  ? 'border-dashed border-stone-300 bg-stone-50 text-stone-500'
                  : choice.size === size
                    ? chosen
                    : open
              }`}
            >
              {available ? (
                size
              ) : (
                // Only the size is struck through: '(Out)' must stay easy to read.
                <>
                  <span className="line-through decoration-stone-400" data-testid="size-struck">
                    {size}
                  </span>{' '}
                  <span className="text-xs font-medium text-stone-600" data-testid="size-out">
                    {m.sizeOut()}
                  </span>
                </>
              )}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-900">{m.rentalPeriod()}</legend>
        <div className="grid grid-cols-3 gap-2">
          {durations.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={choice.duration === days}
              onClick={() => onChange({ ...choice, duration: days })}
              className={`${choiceButton} flex flex-col items-center ${choice.duration === days ? chosen : open}`}
            >
              <span className="font-medium">{m.days({ days })}</span>
              <span className={choice.duration === days ? 'text-white/85' : 'text-stone-600'}>
                {priceFor(days)}
              </span>
            </button>
          ))}
        </div>
      </fieldset>

      <div>
        <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <StartDatePicker
            value={choice.startDate}
            onChange={(startDate) => onChange({ ...choice, startDate })}
            today={today}
            min={dates.min}
            max={dates.max}
            booked={dates.booked}
            reason={dates.reason}
            bookedNote={dates.bookedNote}
            status={dates.status}
            onIntent={dates.onIntent}
            bookedAction={dates.bookedAction}
          />
          <p
            className="flex min-h-11 items-center gap-1.5 text-sm text-stone-700"
            aria-live="polite"
          >
            <CalendarClock size={16} aria-hidden className="shrink-0 text-maroon-700" />
            {returnBy ? (
              <span>
                {richText(m.returnBy, {
                  date: <strong data-testid="return-by">{formats.isoDate(returnBy)}</strong>,
                })}
              </span>
            ) : (
              <span>{m.chooseWhen({ days: MAX_START_DAYS_AHEAD })}</span>
            )}
          </p>
        </div>
        {/* Always in the page, so the hint is announced when it appears. */}
        <div role="status">
          {dateHint && (
            <p
              className="mt-2 flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200"
              data-testid="date-cleared"
            >
              <Info size={16} aria-hidden className="mt-0.5 shrink-0 text-amber-700" />
              {dateHint}
            </p>
          )}
        </div>
        {dateHint && dateHintAction && <div className="mt-2 text-sm">{dateHintAction}</div>}
      </div>
    </div>
  );
}
