import { Star } from 'lucide-react';
import { useMessages } from '../../i18n/messages';
import { reviewsMessages } from '../../i18n/reviews';

/** A rating as five stars, filled to the nearest half, read out as 'Rated 4.5 out of 5'. */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const m = useMessages(reviewsMessages);
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span role="img" aria-label={m.rated({ rating })} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? 'full' : rounded >= n - 0.5 ? 'half' : 'none';
        return (
          <span key={n} className="relative inline-block" style={{ width: size, height: size }}>
            <Star size={size} aria-hidden className="absolute inset-0 text-stone-300" />
            {fill !== 'none' && (
              <span
                className="absolute inset-0 overflow-hidden"
                style={{ width: fill === 'half' ? size / 2 : size }}
              >
                <Star size={size} aria-hidden className="fill-gold-500 text-gold-500" />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
