import { Star } from 'lucide-react';
import { useReviewSummary } from './api';

/** '4.1 ★ · 12 reviews' under the product's name, a link to its reviews; nothing before one. */
export function ReviewsLink({ productId }: { productId: string }) {
  const { data: summary } = useReviewSummary(productId);
  if (!summary || summary.count === 0 || summary.average === null) return null;
  return (
    <a
      href="#reviews"
      className="mt-2 inline-flex items-center gap-1.5 rounded text-sm text-stone-700 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-maroon-700"
      data-testid="reviews-link"
    >
      <span className="font-semibold text-stone-900">{summary.average.toFixed(1)}</span>
      <Star size={15} aria-label="stars" className="fill-gold-500 text-gold-500" />
      <span aria-hidden>·</span>
      <span className="underline underline-offset-2">
        {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
      </span>
    </a>
  );
}
