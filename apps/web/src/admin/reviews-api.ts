import { consoleQuery } from './query';
import type { AdminReview } from '@pehnava/shared';
import { apiGet, apiRequest } from '../lib/api-client';
import { CONSOLE_MESSAGES } from './api';

/*
 * The Reviews screen's calls (decision 071): the admin list of reviews, visible, hidden or all,
 * and hiding one (its author mailed the reason) or showing it again. Keyed under
 * ['console', token, …] like the rest of the console.
 */

/** Which reviews the list shows, as GET /api/admin/reviews's status. */
export const REVIEW_STATUSES = ['all', 'visible', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** GET /api/admin/reviews's answer (adminReviewsResponseSchema): 25 a page, newest first. */
export interface AdminReviewsPage {
  success: true;
  reviews: AdminReview[];
  total: number;
  page: number;
  pages: number;
}

/** What hiding or showing again answers: the review as it now is, with a message to show. */
export interface AdminReviewChange {
  success: true;
  message: string;
  review: AdminReview;
}

export const reviewsQuery = (token: string, status: ReviewStatus, page: number) =>
  consoleQuery({
    queryKey: ['console', token, 'reviews', status, page] as const,
    queryFn: () =>
      apiGet<AdminReviewsPage>(
        `/admin/reviews?${new URLSearchParams({ status, page: String(page) })}`,
        CONSOLE_MESSAGES.loadFailed,
      ),
    // The last page stays on screen while the next loads (no flash of 'Loading' on each tab).
    placeholderData: (previous) => previous,
  });

export const reviewActions = {
  hide: ({ id, reason }: { id: string; reason: string }) =>
    apiRequest<AdminReviewChange>(`/admin/reviews/${encodeURIComponent(id)}/hide`, {
      method: 'POST',
      body: { reason },
      fallback: CONSOLE_MESSAGES.actionFailed,
    }),
  unhide: (id: string) =>
    apiRequest<AdminReviewChange>(`/admin/reviews/${encodeURIComponent(id)}/unhide`, {
      method: 'POST',
      fallback: CONSOLE_MESSAGES.actionFailed,
    }),
};
