/** The catalogue's occasions (DECISIONS.md 'Catalogue seed'): what a review may say it was for. */
export const OCCASIONS = [
  'Wedding',
  'Reception',
  'Sangeet',
  'Mehendi',
  'Festive',
  'Party',
] as const;
export type Occasion = (typeof OCCASIONS)[number];

/** How a piece fitted, as a review says (DECISIONS.md 'Reviews and fit'). */
export const REVIEW_FITS = ['runs-small', 'true-to-size', 'runs-large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

/** The longest review text, in characters. */
export const REVIEW_TEXT_MAX = 1000;
/** The largest review photo taken, in bytes. */
export const REVIEW_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Photos a review may carry. */
export const REVIEW_PHOTOS_MAX = 3;
/** Reviews per page of GET /api/product/{id}/reviews. */
export const REVIEWS_PAGE_SIZE = 10;
/** Cards show a piece's average once it has this many reviews (visible ones: a hidden one counts nowhere). */
export const REVIEWS_FOR_CARD_RATING = 3;

/**
 * The average of `count` ratings adding up to `sum`, to one decimal, as the product page and cards
 * show it. Worked out from whole numbers (sum × 10 ÷ count), so a half is always rounded up the
 * same way (87 over 20 reviews: 4.4), wherever it is worked out.
 */
export function averageRating(sum: number, count: number): number {
  return Math.round((sum * 10) / count) / 10;
}

/** What a card shows of a piece's visible reviews: nothing until REVIEWS_FOR_CARD_RATING. */
export function cardRating(
  count: number,
  sum: number,
): { average: number; count: number } | undefined {
  return count >= REVIEWS_FOR_CARD_RATING
    ? { average: averageRating(sum, count), count }
    : undefined;
}

/** What reviews say (issue [O] §1; DECISIONS.md 'Reviews and fit'). */
export const REVIEW_MESSAGES = {
  rating: 'Please give a rating from 1 to 5 stars',
  fit: 'Please say how it fitted: runs small, true to size or runs large',
  height: 'Height must be between 120 and 210 cm',
  occasion: 'Please choose one of the occasions listed',
  text: `Your review can be at most ${REVIEW_TEXT_MAX} characters`,
  size: 'Sizes are at most 40 characters',
  notBack: 'You can review a piece once it is back with us',
  already: 'You have already reviewed this piece from this booking',
  created: 'Thank you: your review is up',
  notFound: 'Review not found',
  reason: 'Please give a reason (up to 300 characters): it is mailed to the author',
  hidden: 'Hidden: its author has been told why',
  alreadyHidden: 'It is hidden already',
  unhidden: 'Shown again',
  notHidden: 'It is not hidden',
  helpful: 'Thanks for saying so',
  photoType: 'Photos must be JPEG, PNG or WebP images of at most 10 MB',
  photosFull: 'A review has at most 3 photos',
  photoAdded: 'Photo added',
  page: 'Page must be a whole number from 1',
  sort: 'Sort by recent or helpful',
  status: 'Status is visible, hidden or all',
} as const;
