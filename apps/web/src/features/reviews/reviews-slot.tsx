import { Suspense, useEffect, useRef, useState } from 'react';
import { useMessages } from '../../i18n/messages';
import { productMessages } from '../../i18n/product';
import { lazyWithQueries } from '../../lib/lazy-with-queries';

/** The reviews section, loaded once the shopper scrolls near it (or follows a link to it). */
const ProductReviews = lazyWithQueries('ProductReviews', () =>
  import('./product-reviews').then((m) => m.ProductReviews),
);

/** How far below the screen the reviews start loading. */
const AHEAD = '600px';

/**
 * Where the product page's reviews go: an empty block with the section's address (#reviews) until
 * it comes near the screen, then the reviews themselves (their own chunk, not the page's).
 */
export function ReviewsSlot({ productId }: { productId: string }) {
  const m = useMessages(productMessages);
  const slot = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = slot.current;
    // A link to #reviews scrolls the block into view, which loads it like scrolling does.
    if (!target || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);
  return (
    <section
      ref={slot}
      id="reviews"
      aria-labelledby="reviews-heading"
      className="scroll-mt-24 pt-14"
      data-testid="reviews"
    >
      <h2 id="reviews-heading" className="font-display text-3xl text-maroon-900 sm:text-4xl">
        {m.reviews()}
      </h2>
      {near ? (
        <Suspense fallback={<div className="h-64" aria-busy="true" />}>
          <ProductReviews productId={productId} />
        </Suspense>
      ) : (
        <div className="h-64" />
      )}
    </section>
  );
}
