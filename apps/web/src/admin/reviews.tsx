import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminReview, ReviewFit } from '@pehnava/shared';
// Icons the shop's routes do not use (decision 053): stars are characters.
import { Ban, Undo2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import {
  REVIEW_STATUSES,
  reviewActions,
  reviewsQuery,
  type AdminReviewsPage,
  type ReviewStatus,
} from './reviews-api';
import { useAction } from './use-action';
import {
  Badge,
  DANGER,
  Failed,
  INPUT,
  LABEL,
  Loading,
  Nothing,
  Pager,
  SECONDARY,
  ScreenTitle,
  shortMoment,
  useConsoleTitle,
} from './ui';

/** The longest reason for hiding a review (hideReviewBodySchema). */
const REASON_MAX = 300;

const STATUS_LABELS: Record<ReviewStatus, string> = {
  all: 'All',
  visible: 'Visible',
  hidden: 'Hidden',
};

const FIT_LABELS: Record<ReviewFit, string> = {
  'runs-small': 'Runs small',
  'true-to-size': 'True to size',
  'runs-large': 'Runs large',
};
const FIT_TONES: Record<ReviewFit, string> = {
  'runs-small': 'bg-amber-100 text-amber-900',
  'true-to-size': 'bg-green-100 text-green-900',
  'runs-large': 'bg-blue-100 text-blue-900',
};

const EMPTY: Record<ReviewStatus, string> = {
  all: 'No reviews yet: shoppers write them once a rental is back.',
  visible: 'No review is showing in the shop.',
  hidden: 'No review is hidden.',
};

/** What a failed call says: the server's words, else a plain fallback. */
const said = (error: Error, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

const isStatus = (value: string | null): value is ReviewStatus =>
  (REVIEW_STATUSES as readonly (string | null)[]).includes(value);

/**
 * /admin/reviews: shoppers' reviews, newest first, 25 a page (decision 071), all, visible or
 * hidden as the address says. An admin hides one with a reason, mailed to its author, after which
 * it shows nowhere and counts in no rating; and shows it again.
 */
export function ReviewsScreen() {
  useConsoleTitle('Reviews');
  const token = useToken() ?? '';
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ReviewStatus = isStatus(raw) ? raw : 'all';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery(reviewsQuery(token, status, page));
  const go = (next: ReviewStatus, nextPage = 1) =>
    setParams(
      Object.entries({
        status: next === 'all' ? '' : next,
        page: nextPage > 1 ? String(nextPage) : '',
      }).filter((entry) => Boolean(entry[1])),
    );
  return (
    <>
      <ScreenTitle title="Reviews" />
      <p className="-mt-2 mb-4 max-w-2xl text-sm text-stone-700">
        What shoppers wrote once their rental came back. A hidden review shows nowhere and counts in
        no rating; its author is mailed the reason.
      </p>
      <StatusTabs status={status} onChange={(next) => go(next)} />
      {list.isPending ? (
        <Loading label="Loading reviews" />
      ) : list.isError ? (
        <Failed message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <Results
          data={list.data}
          status={status}
          busy={list.isFetching}
          onPage={(next) => go(status, next)}
        />
      )}
    </>
  );
}

/** All / Visible / Hidden: one pressed at a time, kept in the address. */
function StatusTabs({
  status,
  onChange,
}: {
  status: ReviewStatus;
  onChange: (status: ReviewStatus) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Showing"
      className="mb-4 grid grid-cols-3 gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-black/5 sm:inline-grid sm:w-96"
    >
      {REVIEW_STATUSES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={status === option}
          onClick={() => onChange(option)}
          className={`min-h-11 rounded-lg px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 ${
            status === option
              ? 'bg-maroon-700 text-white'
              : 'text-stone-700 hover:bg-stone-100 hover:text-maroon-700'
          }`}
        >
          {STATUS_LABELS[option]}
        </button>
      ))}
    </div>
  );
}

function Results({
  data,
  status,
  busy,
  onPage,
}: {
  data: AdminReviewsPage;
  status: ReviewStatus;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { reviews, total, page, pages } = data;
  return (
    <div aria-busy={busy}>
      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-black/5">
        {total === 0 ? (
          <Nothing>{EMPTY[status]}</Nothing>
        ) : (
          <>
            <p className="border-b border-stone-200 px-4 py-3 text-sm text-stone-700">
              {total.toLocaleString('en-IN')} {total === 1 ? 'review' : 'reviews'}
            </p>
            {reviews.length === 0 ? (
              <Nothing>Nothing on this page: go back to the first.</Nothing>
            ) : (
              <ul className="divide-y divide-stone-200">
                {reviews.map((review) => (
                  <Row key={review._id} review={review} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      {(pages > 1 || page > 1) && (
        <Pager page={page} pages={pages} onPage={onPage} label="Pages of reviews">
          Page {page} of {Math.max(pages, 1)}
        </Pager>
      )}
    </div>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span
      role="img"
      aria-label={`${rating} of 5 stars`}
      className="inline-flex items-center gap-0.5"
    >
      <span aria-hidden className="text-lg leading-none tracking-tight">
        <span className="text-gold-500">{'★'.repeat(rating)}</span>
        <span className="text-stone-300">{'★'.repeat(5 - rating)}</span>
      </span>
      <span aria-hidden className="ml-1 text-sm font-semibold text-stone-800">
        {rating}/5
      </span>
    </span>
  );
}

/** The size worn and what else the author said of the fit, as one line. */
const fitDetails = (review: AdminReview) =>
  [
    `Wore ${review.sizeWorn}`,
    review.usualSize && `usually ${review.usualSize}`,
    review.heightCm && `${review.heightCm} cm`,
    review.occasion && `for a ${review.occasion}`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * One review: its stars and fit, the piece (opening it in the catalogue) and booking, its author,
 * text and helpful count; hidden ones with when and why, and Show again; others with Hide.
 */
function Row({ review }: { review: AdminReview }) {
  const client = useQueryClient();
  const [hiding, setHiding] = useState(false);
  const hidden = review.hiddenAt !== null;
  const refresh = () => void client.invalidateQueries({ queryKey: ['console'] });
  const unhide = useAction({
    mutationFn: () => reviewActions.unhide(review._id),
    onSuccess: (answer) => {
      notify.success(answer.message);
      refresh();
    },
    onError: (failure) => {
      notify.error(said(failure, 'Not shown again: nothing changed'));
      refresh();
    },
  });
  const author = `${review.firstName}${review.city ? `, ${review.city}` : ''}`;
  return (
    <li
      aria-label={`Review by ${review.firstName} of ${review.product.name}`}
      className={`px-4 py-4 ${hidden ? 'bg-stone-50' : ''}`}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Stars rating={review.rating} />
            <Badge tone={FIT_TONES[review.fit]}>{FIT_LABELS[review.fit]}</Badge>
            {hidden && <Badge tone="bg-red-100 text-red-900">hidden</Badge>}
            <span className="text-sm text-stone-600 sm:ml-auto">
              {shortMoment(review.createdAt)}
            </span>
          </div>
          <p className="mt-1.5 flex flex-wrap items-baseline gap-x-2">
            <Link
              to={`/admin/catalogue/${review.productId}`}
              className="font-semibold text-maroon-700 underline-offset-4 hover:underline"
            >
              {review.product.name}
            </Link>
            <span className="font-mono text-xs text-stone-600">{review.product.productId}</span>
            <Link
              to={`/admin/bookings/${review.bookingId}`}
              className="text-sm text-stone-700 underline underline-offset-4 hover:text-maroon-700"
              aria-label={`Booking of the review by ${review.firstName} of ${review.product.name}`}
            >
              booking
            </Link>
          </p>
          <p className="mt-0.5 text-sm text-stone-800">
            <span className="font-medium">{author}</span>
            {review.authorEmail && (
              <>
                <span className="hidden sm:inline"> · </span>
                <a
                  href={`mailto:${review.authorEmail}`}
                  className="block text-stone-700 underline-offset-4 [overflow-wrap:anywhere] hover:text-maroon-700 hover:underline sm:inline"
                >
                  {review.authorEmail}
                </a>
              </>
            )}
          </p>
          <p className="mt-0.5 text-sm text-stone-600">{fitDetails(review)}</p>
          {review.text ? (
            <p className="mt-2 max-w-prose whitespace-pre-line break-words text-stone-900">
              {review.text}
            </p>
          ) : (
            <p className="mt-2 text-sm italic text-stone-600">No words: the rating only.</p>
          )}
          {review.photos.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos">
              {review.photos.map((src, index) => (
                <li key={src}>
                  <a href={src} target="_blank" rel="noreferrer">
                    <img
                      src={src}
                      alt={`Photo ${index + 1} of ${review.photos.length}`}
                      loading="lazy"
                      className="size-16 rounded-lg object-cover ring-1 ring-black/10"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-2 text-sm text-stone-700">
            {review.helpful === 0
              ? 'Nobody has found it helpful yet'
              : `${review.helpful} found it helpful`}
          </p>
          {hidden && (
            <div className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
              <p className="font-semibold">Hidden {shortMoment(review.hiddenAt!)}</p>
              <p className="break-words">{review.hiddenReason}</p>
            </div>
          )}
        </div>
        {hidden ? (
          <button
            type="button"
            className={`${SECONDARY} shrink-0 sm:w-36`}
            disabled={unhide.isPending}
            onClick={() => unhide.mutate()}
          >
            <Undo2 size={16} aria-hidden />
            {unhide.isPending ? 'Showing…' : 'Show again'}
          </button>
        ) : (
          !hiding && (
            <button
              type="button"
              className={`${SECONDARY} shrink-0 sm:w-36`}
              onClick={() => setHiding(true)}
            >
              <Ban size={16} aria-hidden />
              Hide
            </button>
          )
        )}
      </div>
      {!hidden && hiding && (
        <HideForm review={review} onDone={refresh} onCancel={() => setHiding(false)} />
      )}
    </li>
  );
}

/** Hide's reason: required, up to 300 characters, mailed to the author. */
function HideForm({
  review,
  onDone,
  onCancel,
}: {
  review: AdminReview;
  onDone: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const field = useRef<HTMLTextAreaElement>(null);
  const hide = useAction({
    mutationFn: reviewActions.hide,
    onSuccess: (answer) => {
      notify.success(answer.message);
      onDone();
    },
    onError: (failure) => {
      setError(said(failure, 'Not hidden: nothing changed'));
      // Hidden meanwhile (another tab): the list says so.
      if (failure instanceof ApiError && failure.status === 409) onDone();
      field.current?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    hide.mutate({ id: review._id, reason: reason.trim() });
  };
  const hint = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form
      onSubmit={submit}
      aria-label={`Hide the review by ${review.firstName}`}
      className="mt-3 rounded-lg border border-stone-200 bg-stone-50 p-3"
    >
      <label htmlFor={`${id}-reason`} className={LABEL}>
        Reason for hiding
      </label>
      <p id={hint} className="mt-0.5 text-sm text-stone-600 [overflow-wrap:anywhere]">
        Mailed to {review.authorEmail ?? 'the author'}, so write it to them.
      </p>
      <textarea
        id={`${id}-reason`}
        ref={field}
        name="reason"
        required
        rows={3}
        maxLength={REASON_MAX}
        autoFocus
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hint} ${errorId}` : hint}
        className={`${INPUT} mt-1.5 py-2`}
      />
      <p aria-hidden className="mt-1 text-right text-xs text-stone-600">
        {reason.length}/{REASON_MAX}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="mt-3 grid grid-cols-2 gap-2 sm:flex">
        <button type="submit" className={DANGER} disabled={hide.isPending}>
          <Ban size={16} aria-hidden />
          {hide.isPending ? 'Hiding…' : 'Hide and mail'}
        </button>
        <button type="button" className={SECONDARY} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
