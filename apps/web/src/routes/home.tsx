import { HOME_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import type { Product } from '@pehnava/shared';
import { Suspense, type ReactNode } from 'react';
import { Section } from '../components/ui/section';
import { ProductGridSkeleton } from '../features/catalogue/grid-skeleton';
import { HeroCarousel } from '../features/home/hero-carousel';
import { lazyWithQueries } from '../lib/lazy-with-queries';

// Below the fold: loaded after the first paint, with the catalogue list (already preloaded by
// the page's HTML) and the code that fetches it.
const ProductShelf = lazyWithQueries(() =>
  import('../features/catalogue/product-shelf').then((m) => m.ProductShelf),
);
const HowItWorks = lazyWithQueries(() =>
  import('../features/home/how-it-works').then((m) => m.HowItWorks),
);
const WhyChoose = lazyWithQueries(() =>
  import('../features/home/why-choose').then((m) => m.WhyChoose),
);
const Later = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<div className="h-64" aria-busy="true" />}>{children}</Suspense>
);

const LATEST_COUNT = 10;
const BESTSELLER_COUNT = 5;

/** The top of the home page; also drawn into the first HTML (first-paint.tsx). */
export function HomeIntro() {
  return (
    <>
      <h1 className="sr-only">Pehnava: rent wedding and occasion wear</h1>
      <HeroCarousel />
    </>
  );
}

export function HomePage() {
  usePageMeta(HOME_META);
  const shelf = (count: number, pick: (products: Product[]) => Product[], label: string) => (
    <Suspense fallback={<ProductGridSkeleton count={count} />}>
      <ProductShelf pick={pick} count={count} label={label} />
    </Suspense>
  );

  return (
    <main>
      <HomeIntro />
      <Section
        title="Latest Collections"
        subtitle="Fresh from the atelier, ready for your next celebration"
      >
        {shelf(LATEST_COUNT, latestOf, 'Latest collections')}
      </Section>
      <Section title="How It Works" subtitle="From browsing to wearing in four easy steps">
        <Later>
          <HowItWorks />
        </Later>
      </Section>
      <Section title="Best Sellers" subtitle="The pieces our shoppers rent again and again">
        {shelf(BESTSELLER_COUNT, bestSellers, 'Best sellers')}
      </Section>
      <Section title="Why Choose Pehnava" subtitle="Occasion wear without the hassle of owning it">
        <Later>
          <WhyChoose />
        </Later>
      </Section>
    </main>
  );
}

const latestOf = (products: Product[]) => products.slice(0, LATEST_COUNT);

/** Up to five bestsellers, preferring pieces Latest Collections does not already show. */
function bestSellers(products: Product[]): Product[] {
  const shown = new Set(latestOf(products).map((p) => p._id));
  const flagged = products.filter((p) => p.bestseller);
  return [
    ...flagged.filter((p) => !shown.has(p._id)),
    ...flagged.filter((p) => shown.has(p._id)),
  ].slice(0, BESTSELLER_COUNT);
}
