import { useQuery } from '@tanstack/react-query';
import type { ReviewFit, ReviewsResponse } from '@pehnava/shared';
import { apiGet } from '../../lib/api-client';

/** What a failed load of the reviews says when the server gives no message (worded by the page). */
export const REVIEWS_LOAD_FAILED = 'Could not load the reviews';

/** How a page of a piece's reviews is asked for (GET /api/product/{id}/reviews). */
export interface ReviewsFilter {
  sort: 'recent' | 'helpful';
  fit?: ReviewFit;
}

/**
 * One page of a piece's reviews, with the whole piece's summary. The first page, most recent
 * first and unfiltered, also gives the average under the product's name: one call for both.
 */
export const reviewsQuery = (productId: string, { sort, fit }: ReviewsFilter, page: number) => ({
  queryKey: ['reviews', productId, sort, fit ?? '', page],
  queryFn: () =>
    apiGet<ReviewsResponse>(
      `/product/${encodeURIComponent(productId)}/reviews?page=${page}&sort=${sort}${fit ? `&fit=${fit}` : ''}`,
      REVIEWS_LOAD_FAILED,
    ),
  // The server lets browsers keep the answer for a minute.
  staleTime: 60_000,
});

/** The piece's review summary (count, average, fit split, size hint), from the first page. */
export function useReviewSummary(productId: string) {
  return useQuery({
    ...reviewsQuery(productId, { sort: 'recent' }, 1),
    select: (answer) => answer.summary,
  });
}
