import { useMutation } from '@tanstack/react-query';
import {
  OCCASIONS,
  REVIEW_FITS,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  type Booking,
  type BookingItem,
  type ReviewBody,
  type ReviewFit,
} from '@pehnava/shared';
import { CircleCheck, Star } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/ui/buttons';
import { FormError } from '../../components/ui/field';
import { bookingsMessages } from '../../i18n/bookings';
import { useMessages } from '../../i18n/messages';
import { ApiError, apiRequest } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** How it fitted, as the shopper chooses it: messages of My Bookings' catalogue. */
const FIT_CHOICES = {
  'runs-small': 'fitRunsSmall',
  'true-to-size': 'fitTrueToSize',
  'runs-large': 'fitRunsLarge',
} as const satisfies Record<ReviewFit, string>;

/**
 * The lines reviewed while the page is open (a review just posted, or one the server says was
 * posted before), beside those the booking's answer says are (`items[].reviewId`).
 */
const reviewed = new Set<string>();
const listeners = new Set<() => void>();
const markReviewed = (itemId: string) => {
  reviewed.add(itemId);
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const isReviewed = (item: BookingItem) => Boolean(item.reviewId) || reviewed.has(item._id);
const useReviewed = (item: BookingItem) =>
  useSyncExternalStore(
    subscribe,
    () => isReviewed(item),
    () => Boolean(item.reviewId),
  );

/** A line may be reviewed once every piece sent for it is back with us. */
export const reviewable = (item: BookingItem) =>
  Boolean(item.dispatchedAt && item.returnedAt && item.condition !== 'lost');

/**
 * On a booking's card, once a piece of it is back and not yet reviewed here: a line asking how it
 * fitted, whose button opens the details, where each piece has its 'Review this piece'.
 */
export function ReviewPrompt({ booking, onOpen }: { booking: Booking; onOpen: () => void }) {
  const m = useMessages(bookingsMessages);
  const waiting = useSyncExternalStore(
    subscribe,
    () => booking.items.filter((item) => reviewable(item) && !isReviewed(item)).length,
    () => 0,
  );
  if (waiting === 0) return null;
  return (
    <p
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl bg-gold-300/25 p-3 text-sm text-maroon-900 ring-1 ring-gold-500/30"
      data-testid="review-prompt"
    >
      <Star size={18} aria-hidden className="shrink-0 fill-gold-500 text-gold-500" />
      <span className="flex-1">{m.reviewPrompt({ count: waiting })}</span>
      <button
        type="button"
        onClick={onOpen}
        className="font-semibold text-maroon-700 underline underline-offset-2 hover:text-maroon-900"
      >
        {m.writeReview()}
      </button>
    </p>
  );
}

/** POST /api/booking/{id}/items/{itemId}/review; `failed` is said when the server gives no message. */
const postReview = (bookingId: string, itemId: string, body: ReviewBody, failed: string) =>
  apiRequest<{ message: string }>(
    `/booking/${encodeURIComponent(bookingId)}/items/${encodeURIComponent(itemId)}/review`,
    { method: 'POST', body, fallback: failed },
  );

/**
 * 'Review this piece' for a line that is back (DECISIONS.md 'Reviews and fit'): a panel under the
 * line with the rating, the fit, sizes, height, occasion and a few words; 'Reviewed' after.
 */
export function ReviewPiece({ booking, item }: { booking: Booking; item: BookingItem }) {
  const m = useMessages(bookingsMessages);
  const done = useReviewed(item);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (done) {
    return (
      <p
        className="mt-2 inline-flex items-center gap-1 text-xs font-semibold text-emerald-800"
        data-testid="item-reviewed"
      >
        <CircleCheck size={14} aria-hidden /> {m.reviewed()}
      </p>
    );
  }
  if (!open) {
    return (
      <button
        ref={opener}
        type="button"
        className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-maroon-50 px-3 py-1.5 text-xs font-semibold text-maroon-800 ring-1 ring-maroon-700/20 hover:bg-maroon-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700"
        onClick={() => setOpen(true)}
      >
        <Star size={13} aria-hidden /> {m.reviewThisPiece()}
      </button>
    );
  }
  return (
    <ReviewForm
      booking={booking}
      item={item}
      onClose={() => {
        setOpen(false);
        // Back to the button that opened the form, once it is drawn again.
        requestAnimationFrame(() => opener.current?.focus());
      }}
    />
  );
}

const INPUT =
  'mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-stone-900 focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/20';
const LABEL = 'block font-medium text-stone-900';

function ReviewForm({
  booking,
  item,
  onClose,
}: {
  booking: Booking;
  item: BookingItem;
  onClose: () => void;
}) {
  const m = useMessages(bookingsMessages);
  const ids = useId();
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [fit, setFit] = useState<ReviewFit>();
  const [sizeWorn, setSizeWorn] = useState(item.size);
  const [usualSize, setUsualSize] = useState('');
  const [height, setHeight] = useState('');
  const [occasion, setOccasion] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const send = useMutation({
    mutationFn: () =>
      postReview(
        booking._id,
        item._id,
        {
          rating,
          fit: fit!,
          // Left out when empty (JSON drops undefined).
          sizeWorn: sizeWorn.trim() || undefined,
          usualSize: usualSize.trim() || undefined,
          text: text.trim() || undefined,
          ...(height ? { heightCm: Number(height) } : {}),
          ...(occasion ? { occasion: occasion as ReviewBody['occasion'] } : {}),
        },
        m.reviewFailed(),
      ),
    onSuccess: (answer) => {
      notify.success(answer.message);
      markReviewed(item._id);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.message === REVIEW_MESSAGES.already) {
        notify.info(error.message);
        markReviewed(item._id);
        return;
      }
      setProblem(error.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const heightCm = Number(height);
    const local = !rating
      ? REVIEW_MESSAGES.rating
      : !fit
        ? REVIEW_MESSAGES.fit
        : height && (!Number.isInteger(heightCm) || heightCm < 120 || heightCm > 210)
          ? REVIEW_MESSAGES.height
          : undefined;
    setProblem(local);
    if (!local) send.mutate();
  };

  /** Escape closes the panel, not the details dialog around it. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  const shown = hover || rating;
  // On a phone the form takes the line's whole width, under the piece's picture too.
  return (
    <form
      onSubmit={submit}
      onKeyDown={onKeyDown}
      aria-labelledby={`${ids}-title`}
      noValidate
      className="mt-3 space-y-4 rounded-2xl border border-stone-200 bg-stone-50 p-4 text-sm max-sm:-ml-[5.25rem]"
      data-testid="review-form"
    >
      <h4
        id={`${ids}-title`}
        ref={heading}
        tabIndex={-1}
        className="font-display text-lg text-maroon-900 focus:outline-none"
      >
        {m.reviewTitle({ name: item.listingId.name })}
      </h4>
      <fieldset>
        <legend className={LABEL}>{m.yourRating()}</legend>
        <div className="mt-1 flex gap-1" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-maroon-700"
              onMouseEnter={() => setHover(n)}
            >
              <input
                type="radio"
                name={`${ids}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setProblem(undefined);
                }}
                className="sr-only"
              />
              <span className="sr-only">{m.stars({ count: n })}</span>
              <Star
                size={30}
                aria-hidden
                className={n <= shown ? 'fill-gold-500 text-gold-500' : 'text-stone-300'}
              />
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={LABEL}>{m.howDidItFit()}</legend>
        <div className="mt-1.5 grid grid-cols-3 gap-2">
          {REVIEW_FITS.map((choice) => (
            <label
              key={choice}
              className={`flex cursor-pointer items-center justify-center rounded-xl px-2 py-2 text-center ring-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-maroon-700 ${
                fit === choice
                  ? 'bg-maroon-700 font-medium text-white ring-maroon-700'
                  : 'bg-white text-stone-800 ring-stone-300 hover:ring-maroon-700'
              }`}
            >
              <input
                type="radio"
                name={`${ids}-fit`}
                value={choice}
                checked={fit === choice}
                onChange={() => {
                  setFit(choice);
                  setProblem(undefined);
                }}
                className="sr-only"
              />
              {m[FIT_CHOICES[choice]]()}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${ids}-worn`} className={LABEL}>
            {m.sizeWorn()}
          </label>
          <input
            id={`${ids}-worn`}
            value={sizeWorn}
            maxLength={40}
            onChange={(event) => setSizeWorn(event.target.value)}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor={`${ids}-usual`} className={LABEL}>
            {m.usualSize()}
          </label>
          <input
            id={`${ids}-usual`}
            value={usualSize}
            maxLength={40}
            placeholder={m.usualSizeExample()}
            onChange={(event) => setUsualSize(event.target.value)}
            className={INPUT}
          />
        </div>
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={`${ids}-height`} className={LABEL}>
            {m.height()}
          </label>
          <input
            id={`${ids}-height`}
            type="number"
            inputMode="numeric"
            min={120}
            max={210}
            value={height}
            placeholder={m.heightExample()}
            onChange={(event) => setHeight(event.target.value)}
            className={INPUT}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${ids}-occasion`} className={LABEL}>
          {m.occasion()}
        </label>
        <select
          id={`${ids}-occasion`}
          value={occasion}
          onChange={(event) => setOccasion(event.target.value)}
          className={INPUT}
        >
          <option value="">{m.chooseOccasion()}</option>
          {OCCASIONS.map((o) => (
            <option key={o} value={o}>
              {m[`occasion${o}`]()}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${ids}-text`} className={LABEL}>
          {m.yourReview()}
        </label>
        <textarea
          id={`${ids}-text`}
          value={text}
          maxLength={REVIEW_TEXT_MAX}
          rows={4}
          placeholder={m.reviewPlaceholder()}
          aria-describedby={`${ids}-count`}
          onChange={(event) => setText(event.target.value)}
          className={INPUT}
        />
        <p id={`${ids}-count`} className="mt-1 text-right text-xs text-stone-500">
          {text.length} / {REVIEW_TEXT_MAX}
        </p>
      </div>
      <p className="text-xs text-stone-600">{m.shownWithReview()}</p>
      <FormError message={problem} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" className={`${PRIMARY_BUTTON} flex-1 py-2`} disabled={send.isPending}>
          {send.isPending ? m.posting() : m.postReview()}
        </button>
        <button
          type="button"
          className={`${SECONDARY_BUTTON} flex-1 py-2`}
          onClick={onClose}
          disabled={send.isPending}
        >
          {m.cancel()}
        </button>
      </div>
    </form>
  );
}
