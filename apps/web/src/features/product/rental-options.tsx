import {
  MAX_START_DAYS_AHEAD,
  addDays,
  formatIsoDate,
  type Product,
  type RentalDuration,
} from '@pehnava/shared';
import { CalendarDays } from 'lucide-react';
import { useId } from 'react';

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

/** Size, rental length and start date, with the return date they imply. */
export function RentalOptions({
  product,
  choice,
  today,
  durations,
  priceFor,
  onChange,
}: {
  product: Product;
  choice: RentalChoice;
  today: string;
  /** The lengths the shopper's plan offers: 2, 4, 7 on free; 14 on Plus and Pro. */
  durations: readonly RentalDuration[];
  /** What `days` costs this shopper, as shown on its button. */
  priceFor: (days: RentalDuration) => string;
  onChange: (choice: RentalChoice) => void;
}) {
  const dateId = useId();
  const returnBy = choice.startDate ? addDays(choice.startDate, choice.duration) : undefined;

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-900">Size</legend>
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
                    (Out)
                  </span>
                </>
              )}
            </button>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-900">Rental period</legend>
        <div className="grid grid-cols-3 gap-2">
          {durations.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={choice.duration === days}
              onClick={() => onChange({ ...choice, duration: days })}
              className={`${choiceButton} flex flex-col items-center ${choice.duration === days ? chosen : open}`}
            >
              <span className="font-medium">{days} days</span>
              <span className={choice.duration === days ? 'text-white/85' : 'text-stone-600'}>
                {priceFor(days)}
              </span>
            </button>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor={dateId} className="mb-2 block text-sm font-medium text-stone-900">
          Start date
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <input
            id={dateId}
            type="date"
            min={today}
            max={addDays(today, MAX_START_DAYS_AHEAD)}
            value={choice.startDate}
            onChange={(event) => onChange({ ...choice, startDate: event.target.value })}
            className="h-11 rounded-xl border border-stone-300 bg-white px-3 text-sm text-stone-900 focus-visible:outline-2 focus-visible:outline-maroon-700"
          />
          <p className="flex items-center gap-1.5 text-sm text-stone-700" aria-live="polite">
            <CalendarDays size={16} aria-hidden className="text-maroon-700" />
            {returnBy ? (
              <span>
                Return by <strong data-testid="return-by">{formatIsoDate(returnBy)}</strong>
              </span>
            ) : (
              <span>Choose when you need it, up to {MAX_START_DAYS_AHEAD} days ahead</span>
            )}
          </p>
        </div>
      </div>
    </div>
  );
}
