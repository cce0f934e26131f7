import { HOME_META } from '@pehnava/shared';
import { usePageMeta } from '../lib/page-meta';
import type { Product } from '@pehnava/shared';
import { Suspense, lazy, type ReactNode } from 'react';
import { Section } from '../components/ui/section';
import { useProducts } from '../features/catalogue/api';
import { ProductGridSkeleton } from '../features/catalogue/grid-skeleton';
import { HeroCarousel } from '../features/home/hero-carousel';

// Below the fold: loaded after the first paint. The grids wait for the product list anyway, so
// their code loads alongside it.
const ProductGrid = lazy(() =>
  import('../features/catalogue/product-grid').then((m) => ({ default: m.ProductGrid })),
);
const HowItWorks = lazy(() =>
  import('../features/home/how-it-works').then((m) => ({ default: m.HowItWorks })),
);
const WhyChoose = lazy(() =>
  import('../features/home/why-choose').then((m) => ({ default: m.WhyChoose })),
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
  const { data: products, isPending, error } = useProducts();
  const latest = products?.slice(0, LATEST_COUNT) ?? [];
  const failed = error ? (
    <p role="alert" className="text-center text-red-700">
      {error.message}
    </p>
  ) : null;
  const grid = (count: number, list: () => Product[], label: string) =>
    failed ??
    (isPending ? (
      <ProductGridSkeleton count={count} />
    ) : (
      <Suspense fallback={<ProductGridSkeleton count={count} />}>
        <ProductGrid products={list()} label={label} />
      </Suspense>
    ));

  return (
    <main>
      <HomeIntro />
      <Section
        title="Latest Collections"
        subtitle="Fresh from the atelier, ready for your next celebration"
      >
        {grid(LATEST_COUNT, () => latest, 'Latest collections')}
      </Section>
      <Section title="How It Works" subtitle="From browsing to wearing in four easy steps">
        <Later>
          <HowItWorks />
        </Later>
      </Section>
      <Section title="Best Sellers" subtitle="The pieces our shoppers rent again and again">
        {grid(BESTSELLER_COUNT, () => bestSellers(products!, latest), 'Best sellers')}
      </Section>
      <Section title="Why Choose Pehnava" subtitle="Occasion wear without the hassle of owning it">
        <Later>
          <WhyChoose />
        </Later>
      </Section>
    </main>
  );
}

/** Up to five bestsellers, preferring pieces Latest Collections does not already show. */
function bestSellers(products: Product[], latest: Product[]): Product[] {
  const shown = new Set(latest.map((p) => p._id));
  const flagged = products.filter((p) => p.bestseller);
  return [
    ...flagged.filter((p) => !shown.has(p._id)),
    ...flagged.filter((p) => shown.has(p._id)),
  ].slice(0, BESTSELLER_COUNT);
}
