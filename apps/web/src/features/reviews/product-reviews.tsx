import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ACCOUNT_MESSAGES,
  OCCASIONS,
  REVIEW_FITS,
  type Occasion,
  type Review,
  type ReviewFit,
  type ReviewSummary,
  dateFormatsIn,
} from '@pehnava/shared';
import { MessageSquareText, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SECONDARY_BUTTON } from '../../components/ui/buttons';
import { LoadFailed } from '../../components/ui/load-failed';
import { ShopperMessage } from '../../components/ui/shopper-message';
import { useMessages, type Catalogue, useLanguage } from '../../i18n/messages';
import { reviewsMessages } from '../../i18n/reviews';
import { apiRequest } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useToken } from '../../lib/session';
import { REVIEWS_LOAD_FAILED, reviewsQuery, useReviewSummary, type ReviewsFilter } from './api';
import { Stars } from './stars';

type ReviewsKey = keyof typeof reviewsMessages.en;

/** How each fit is named, and how the count of reviews that say it is worded. */
const FIT_KEYS: Record<ReviewFit, { label: ReviewsKey; say: ReviewsKey }> = {
  'runs-small': { label: 'fitRunsSmall', say: 'sayRunsSmall' },
  'true-to-size': { label: 'fitTrueToSize', say: 'sayTrueToSize' },
  'runs-large': { label: 'fitRunsLarge', say: 'sayRunsLarge' },
};

/** The occasions a review may name (packages/shared's OCCASIONS), in the page's language. */
const OCCASION_KEYS: Record<Occasion, ReviewsKey> = {
  Wedding: 'occasionWedding',
  Reception: 'occasionReception',
  Sangeet: 'occasionSangeet',
  Mehendi: 'occasionMehendi',
  Festive: 'occasionFestive',
  Party: 'occasionParty',
};

const isOccasion = (value: string): value is Occasion =>
  (OCCASIONS as readonly string[]).includes(value);

/** The API's size hint ('Most renters who usually wear M took L', reviews.service.ts's sizeHintOf). */
const SIZE_HINT = /^Most renters who usually wear (.+) took (.+)$/;

const CHIP =
  'rounded-full px-3 py-1.5 text-sm ring-1 sm:px-3.5 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700';
const CHIP_ON = 'bg-maroon-700 text-white ring-maroon-700';
const CHIP_OFF = 'bg-white text-stone-700 ring-stone-300 hover:ring-maroon-700';

/**
 * The product page's reviews (DECISIONS.md 'Reviews and fit'): the summary (average, count, the
 * fit split and the size hint), a filter by fit, the order, and the reviews ten at a time.
 */
export function ProductReviews({ productId }: { productId: string }) {
  const m = useMessages(reviewsMessages);
  const [filter, setFilter] = useState<ReviewsFilter>({ sort: 'recent' });
  const [pages, setPages] = useState(1);
  const summaryAnswer = useReviewSummary(productId);
  // The first page says how many match; the last whether there are more (each page's list is
  // drawn by its own ReviewsPage, from the same cached answers).
  const first = useQuery(reviewsQuery(productId, filter, 1));
  const last = useQuery(reviewsQuery(productId, filter, pages));
  const choose = (next: ReviewsFilter) => {
    setFilter(next);
    setPages(1);
  };

  if (summaryAnswer.isError) {
    return (
      <div className="py-10 text-center">
        <LoadFailed
          message={reviewsError(m, summaryAnswer.error.message)}
          onRetry={() => void summaryAnswer.refetch()}
        />
      </div>
    );
  }
  const summary = summaryAnswer.data;
  if (!summary) return <div className="h-64" aria-busy="true" />;
  if (summary.count === 0) {
    return (
      <div
        className="mt-6 flex flex-col items-center gap-3 rounded-3xl bg-stone-50 px-6 py-10 text-center ring-1 ring-black/5"
        data-testid="reviews-empty"
      >
        <MessageSquareText size={28} aria-hidden className="text-maroon-700/70" />
        <p className="max-w-md text-stone-700">{m.noneYet()}</p>
      </div>
    );
  }
  const total = first.data?.total;
  const morePages = (last.data?.pages ?? 0) > pages;

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[22rem_1fr] lg:gap-12">
      <Summary summary={summary} />
      <div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div role="group" aria-label={m.filterByFit()} className="flex flex-wrap gap-2">
            {([undefined, ...REVIEW_FITS] as const).map((fit) => (
              <button
                key={fit ?? 'all'}
                type="button"
                aria-pressed={filter.fit === fit}
                className={`${CHIP} ${filter.fit === fit ? CHIP_ON : CHIP_OFF}`}
                onClick={() => choose({ ...filter, fit })}
              >
                {fit ? m[FIT_KEYS[fit].label]() : m.all()}
              </button>
            ))}
          </div>
          <label className="flex items-center gap-2 text-sm text-stone-700">
            {m.sort()}
            <select
              value={filter.sort}
              onChange={(event) =>
                choose({ ...filter, sort: event.target.value as ReviewsFilter['sort'] })
              }
              className="rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-900"
            >
              <option value="recent">{m.mostRecent()}</option>
              <option value="helpful">{m.mostHelpful()}</option>
            </select>
          </label>
        </div>
        <p className="mt-3 text-sm text-stone-600" aria-live="polite" data-testid="reviews-total">
          {total === undefined
            ? m.loadingReviews()
            : filter.fit
              ? m[FIT_KEYS[filter.fit].say]({ count: total })
              : m.reviewCount({ count: total })}
        </p>
        {first.isError ? (
          <div className="py-6 text-center">
            <LoadFailed
              message={reviewsError(m, first.error.message)}
              onRetry={() => void first.refetch()}
            />
          </div>
        ) : first.data?.reviews.length === 0 ? (
          <p className="mt-6 rounded-2xl bg-stone-50 p-6 text-center text-stone-600">
            {m.noneSayThat()}
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100" aria-busy={first.isFetching}>
            {Array.from({ length: pages }, (_, i) => (
              <ReviewsPage key={i} productId={productId} filter={filter} page={i + 1} />
            ))}
          </ul>
        )}
        {last.isError && pages > 1 && (
          <p role="alert" className="mt-3 text-sm text-red-800">
            <ShopperMessage text={reviewsError(m, last.error.message)} />
          </p>
        )}
        {(morePages || (pages > 1 && last.isPending)) && (
          <div className="mt-4 text-center">
            <button
              type="button"
              className={`${SECONDARY_BUTTON} py-2`}
              disabled={last.isPending}
              onClick={() => setPages((n) => n + 1)}
            >
              {last.isPending ? m.loading() : m.showMore()}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** One page of the list: its ten reviews, as they come. */
function ReviewsPage({
  productId,
  filter,
  page,
}: {
  productId: string;
  filter: ReviewsFilter;
  page: number;
}) {
  const { data } = useQuery(reviewsQuery(productId, filter, page));
  return data?.reviews.map((review) => <ReviewItem key={review._id} review={review} />);
}

function Summary({ summary }: { summary: ReviewSummary }) {
  const m = useMessages(reviewsMessages);
  const fitted = REVIEW_FITS.reduce((sum, fit) => sum + summary.fit[fit], 0);
  return (
    <div
      className="h-fit rounded-3xl bg-white p-5 ring-1 ring-black/5 sm:p-6"
      data-testid="reviews-summary"
    >
      <div className="flex items-center gap-4">
        <p className="font-display text-5xl text-maroon-900" data-testid="reviews-average">
          {summary.average?.toFixed(1)}
        </p>
        <div>
          <Stars rating={summary.average ?? 0} size={18} />
          <p className="mt-1 text-sm text-stone-600" data-testid="reviews-count">
            {m.reviewCount({ count: summary.count })}
          </p>
        </div>
      </div>
      <h3 className="mt-6 text-xs font-semibold uppercase tracking-wider text-stone-500">
        {m.howItFits()}
      </h3>
      <dl className="mt-3 space-y-2.5" data-testid="reviews-fit">
        {REVIEW_FITS.map((fit) => {
          const count = summary.fit[fit];
          const share = fitted ? Math.round((count / fitted) * 100) : 0;
          return (
            <div key={fit} className="grid grid-cols-[6.5rem_1fr_2rem] items-center gap-3 text-sm">
              <dt className="text-stone-700">{m[FIT_KEYS[fit].label]()}</dt>
              <dd className="contents">
                <span
                  role="meter"
                  aria-label={m[FIT_KEYS[fit].label]()}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={share}
                  aria-valuetext={m.fitShare({ count, total: fitted })}
                  className="h-2 overflow-hidden rounded-full bg-stone-100"
                >
                  <span
                    className="block h-full rounded-full bg-maroon-700"
                    style={{ width: `${share}%` }}
                  />
                </span>
                <span className="text-right tabular-nums text-stone-600">{count}</span>
              </dd>
            </div>
          );
        })}
      </dl>
      {summary.sizeHint && (
        <p
          className="mt-5 text-balance rounded-2xl bg-gold-300/30 px-4 py-3 text-sm font-medium text-maroon-900"
          data-testid="reviews-size-hint"
        >
          <SizeHint hint={summary.sizeHint} />
        </p>
      )}
    </div>
  );
}

/**
 * The summary's size hint, as the API words it; in the page's language when it is the hint
 * (its sizes as given), else as it came.
 */
function SizeHint({ hint }: { hint: string }) {
  const m = useMessages(reviewsMessages);
  const [, usual, took] = SIZE_HINT.exec(hint) ?? [];
  return usual && took ? m.sizeHint({ usual, took }) : <ShopperMessage text={hint} />;
}

/** The reviews' own message for a load the server said nothing about, else the server's. */
const reviewsError = (m: Catalogue<ReviewsKey>, message: string) =>
  message === REVIEWS_LOAD_FAILED ? m.loadFailed() : message;

/** 'Wore M · usually M · 165 cm · Sangeet': what the renter told of themselves. */
const wornLine = (m: Catalogue<ReviewsKey>, review: Review) =>
  [
    m.wore({ size: review.sizeWorn }),
    review.usualSize && m.usually({ size: review.usualSize }),
    review.heightCm && m.height({ cm: review.heightCm }),
    review.occasion &&
      (isOccasion(review.occasion) ? m[OCCASION_KEYS[review.occasion]]() : review.occasion),
  ]
    .filter(Boolean)
    .join(' · ');

function ReviewItem({ review }: { review: Review }) {
  const m = useMessages(reviewsMessages);
  const dates = dateFormatsIn(useLanguage());
  return (
    <li className="py-5" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span
          className="rounded-full bg-maroon-50 px-2.5 py-0.5 text-xs font-semibold text-maroon-800 ring-1 ring-maroon-700/15"
          data-testid="review-fit"
        >
          {m[FIT_KEYS[review.fit].label]()}
        </span>
      </div>
      <p className="mt-2 text-sm text-stone-600" data-testid="review-worn">
        {wornLine(m, review)}
      </p>
      {review.text && (
        <p className="mt-2 whitespace-pre-line leading-relaxed text-stone-800">{review.text}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-stone-600">
          <span className="font-medium text-stone-800" data-testid="review-author">
            {review.firstName}, {review.city}
          </span>{' '}
          · <time dateTime={review.createdAt}>{dates.dateInIndia(review.createdAt)}</time>
        </p>
        <HelpfulButton review={review} />
      </div>
    </li>
  );
}

/** Says a review helped, once per shopper; signed out, it asks the shopper to log in. */
function HelpfulButton({ review }: { review: Review }) {
  const m = useMessages(reviewsMessages);
  const signedIn = Boolean(useToken());
  const navigate = useNavigate();
  const [count, setCount] = useState(review.helpful);
  const [voted, setVoted] = useState(false);
  const vote = useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; helpful: number }>(
        `/review/${encodeURIComponent(review._id)}/helpful`,
        // Said as it is by the toast (a message it does not know is shown as it came).
        { method: 'POST', fallback: m.saveFailed() },
      ),
    onSuccess: (answer) => {
      setCount(answer.helpful);
      setVoted(true);
      notify.success(answer.message);
    },
    onError: (error) => notify.error(error.message),
  });
  return (
    <button
      type="button"
      aria-pressed={voted}
      disabled={voted || vote.isPending}
      onClick={() => {
        if (!signedIn) {
          notify.info(ACCOUNT_MESSAGES.loginRequired);
          void navigate('/login');
          return;
        }
        vote.mutate();
      }}
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 disabled:cursor-default ${
        voted
          ? 'bg-maroon-50 text-maroon-800 ring-maroon-700/30'
          : 'text-stone-700 ring-stone-300 hover:text-maroon-700 hover:ring-maroon-700'
      }`}
    >
      <ThumbsUp size={14} aria-hidden className={voted ? 'fill-maroon-700/20' : undefined} />
      {m.helpful({ count })}
    </button>
  );
}
