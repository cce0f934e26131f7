import { startTransition, useEffect, useState, type ReactNode } from 'react';
import type { Product } from '@pehnava/shared';
import { gridClass } from './grid-skeleton';
import { useSubscriptionOrFree } from '../../lib/shopper';
import { ProductCard } from './product-card';

/** A card below the first screen: skipped by the first layout and paint (content-visibility). */
const LATER_CARD = '[contain-intrinsic-block-size:auto_340px] [content-visibility:auto]';

/** Cards rendered straight away; the rest follow in an interruptible render. */
const FIRST_BATCH = 12;

export function ProductGrid({
  products,
  label,
  columns = 5,
  eager = 0,
  footer,
}: {
  products: Product[];
  label: string;
  columns?: 4 | 5;
  /** How many cards at the top load their picture at once (the page's first view). */
  eager?: number;
  /**
   * Shown under the grid once every card is drawn (the collection's Load more): what it measures
   * of the page is then the page's real height.
   */
  footer?: ReactNode;
}) {
  // A long list (the whole collection) would otherwise be one long task before the first paint.
  const [complete, setComplete] = useState(products.length <= FIRST_BATCH);
  useEffect(() => {
    if (!complete) startTransition(() => setComplete(true));
  }, [complete]);
  const shown = complete ? products : products.slice(0, FIRST_BATCH);
  // One reading of the plan for the whole grid, not one per card.
  const { plan } = useSubscriptionOrFree();

  return (
    <>
      <ul aria-label={label} className={gridClass(columns)}>
        {shown.map((product, index) => (
          // Cards after the first screen's are laid out and painted as they come near it.
          <li key={product._id} className={index < eager ? undefined : LATER_CARD}>
            <ProductCard product={product} eager={index < eager} plan={plan} />
          </li>
        ))}
      </ul>
      {complete && footer}
    </>
  );
}
