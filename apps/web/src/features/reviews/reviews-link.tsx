import { Star } from 'lucide-react';
import { useMessages } from '../../i18n/messages';
import { productMessages } from '../../i18n/product';
import { useReviewSummary } from './api';

/**
 * '4.1 ★ · 12 reviews' under the product's name, a link to its reviews; nothing before one. Its
 * words are the product page's (this is drawn with it; the reviews' own load with them).
 */
export function ReviewsLink({ productId }: { productId: string }) {
  const m = useMessages(productMessages);
  const { data: summary } = useReviewSummary(productId);
  if (!summary || summary.count === 0 || summary.average === null) return null;
  return (
    <a
      href="#reviews"
      className="mt-2 inline-flex items-center gap-1.5 rounded text-sm text-stone-700 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-maroon-700"
      data-testid="reviews-link"
    >
      <span className="font-semibold text-stone-900">{summary.average.toFixed(1)}</span>
      <Star size={15} aria-label={m.stars()} className="fill-gold-500 text-gold-500" />
      <span aria-hidden>·</span>
      <span className="underline underline-offset-2">
        {m.reviewCount({ count: summary.count })}
      </span>
    </a>
  );
}
