import {
  ART_VERSION,
  ART_WIDTHS,
  HERO_COUNT,
  PLAN_DEFINITIONS,
  artPictureKey,
  heroImageKey,
  rupeesToPaise,
} from '@pehnava/shared';
import type { ImageStore } from '../../adapters/images/image-store.js';
import type { CatalogueRepository } from '../../modules/catalogue/catalogue.repository.js';
import type { CatalogueService } from '../../modules/catalogue/catalogue.service.js';
import type { CouponsRepository } from '../../modules/coupons/coupons.repository.js';
import type { SubscriptionsRepository } from '../../modules/subscriptions/subscriptions.repository.js';
import { renderGarmentSvg } from './art/garments.js';
import { renderHeroSvg } from './art/hero.js';
import { buildSeedCatalogue, type SeedProduct } from './catalogue/catalogue.js';
import { SEED_COUPONS } from './coupons.js';
import { planPastRentals } from './reviews/past-rentals.js';
import type { PastRentalsRepository } from './reviews/past-rentals.repository.js';
import type { LifecycleSettings } from './scale/lifecycle.js';

export interface SeedDependencies {
  catalogue: Pick<
    CatalogueService,
    'insertProductIfAbsent' | 'replaceImagesIfUnchanged' | 'invalidate'
  >;
  catalogueRepository: Pick<CatalogueRepository, 'existingProductImages' | 'listProducts'>;
  subscriptions: Pick<SubscriptionsRepository, 'insertPlanIfAbsent'>;
  coupons: Pick<CouponsRepository, 'insertCouponIfAbsent'>;
  images: ImageStore;
  /**
   * Past rentals of the seed's pieces and their reviews, written into a shop nobody has booked in
   * yet (decision 072); left out by seed:scale, which makes rentals and reviews of its own.
   */
  pastRentals?: {
    repository: PastRentalsRepository;
    /** The shop's reservation and cleaning days, as the app keeps them. */
    settings: LifecycleSettings;
  };
  /** The reference instant for listing dates (and the past rentals' dates). */
  now: Date;
}

export interface SeedReport {
  productsInserted: number;
  plansInserted: number;
  couponsInserted: number;
  imagesWritten: number;
  /** Seeded products moved from an older art version's images to the current ones. */
  imagesRefreshed: number;
  /** Past rentals written (each one piece, back with us) and the reviews written of them. */
  rentalsInserted: number;
  reviewsInserted: number;
}

/** The drawing (SVG) of a seeded product's view, as the seed writes it. */
export function productImageKey(
  product: Pick<SeedProduct, 'productId'>,
  view: number,
  artVersion: number = ART_VERSION,
): string {
  return `products/${product.productId.toLowerCase()}-${view + 1}-v${artVersion}.svg`;
}

/**
 * What a seeded product's images name for a view: from art version 3 the drawing's picture at
 * the product slot's width (adapters/images/art-pictures.ts makes it), before that the drawing.
 */
export function productImageShown(
  product: Pick<SeedProduct, 'productId'>,
  view: number,
  artVersion: number = ART_VERSION,
): string {
  const drawing = productImageKey(product, view, artVersion);
  return artVersion >= 3 ? artPictureKey(drawing, ART_WIDTHS.product[0]) : drawing;
}

/**
 * Fill an empty database with the plans, coupons and catalogue, and make sure every seeded image
 * exists on disk; into a shop nobody has booked in yet, past rentals of some pieces, each back and
 * reviewed. Idempotent: rows that exist are left exactly as they are (never wiped, never
 * duplicated), so it runs safely at every start and against a database that already has data.
 */
export async function seedDatabase(deps: SeedDependencies): Promise<SeedReport> {
  const report: SeedReport = {
    productsInserted: 0,
    plansInserted: 0,
    couponsInserted: 0,
    imagesWritten: 0,
    imagesRefreshed: 0,
    rentalsInserted: 0,
    reviewsInserted: 0,
  };

  for (const plan of PLAN_DEFINITIONS) {
    if (await deps.subscriptions.insertPlanIfAbsent(plan)) report.plansInserted += 1;
  }
  for (const coupon of SEED_COUPONS) {
    if (await deps.coupons.insertCouponIfAbsent(coupon)) report.couponsInserted += 1;
  }

  const seedProducts = buildSeedCatalogue();
  report.imagesWritten += await writeMissingImages(deps.images, seedProducts);

  const existing = await deps.catalogueRepository.existingProductImages(
    seedProducts.map((p) => p.productId),
  );
  const seedImages = (product: SeedProduct, artVersion?: number): string[] =>
    Array.from({ length: product.imageCount }, (_, view) =>
      deps.images.urlFor(productImageShown(product, view, artVersion)),
    );
  for (const [position, product] of seedProducts.entries()) {
    const images = existing.get(product.productId);
    if (images) {
      if (await refreshOutdatedArt(deps, product, images, seedImages)) report.imagesRefreshed += 1;
      continue;
    }
    const mrpPaise = rupeesToPaise(product.mrp);
    const inserted = await deps.catalogue.insertProductIfAbsent({
      productId: product.productId,
      name: product.name,
      description: product.description,
      images: seedImages(product),
      mrpPaise,
      twoDayPricePaise: rupeesToPaise(product.rentalPrices.twoDay),
      fourDayPricePaise: rupeesToPaise(product.rentalPrices.fourDay),
      sevenDayPricePaise: rupeesToPaise(product.rentalPrices.sevenDay),
      fourteenDayPricePaise: rupeesToPaise(product.rentalPrices.fourteenDay),
      condition: product.condition,
      bestseller: product.bestseller,
      isAvailable: product.isAvailable,
      position,
      listedAt: new Date(deps.now.getTime() - product.daysAgo * 86_400_000),
      sizes: product.sizes,
      filters: [
        { type: 'category', value: product.category },
        { type: 'subCategory', value: product.subCategory },
        ...product.occasions.map((value) => ({ type: 'occasion', value })),
        { type: 'colour', value: product.colour.name },
      ],
    });
    if (inserted) report.productsInserted += 1;
  }

  if (deps.pastRentals && !(await deps.pastRentals.repository.hasBookings())) {
    const { repository, settings } = deps.pastRentals;
    const rentals = planPastRentals({
      products: await deps.catalogueRepository.listProducts(),
      seedCodes: new Set(seedProducts.map((p) => p.productId)),
      units: await repository.reservableUnits(),
      now: deps.now,
      settings,
    });
    if (await repository.writeIntoAnEmptyShop(rentals)) {
      report.rentalsInserted = rentals.bookings.bookings.length;
      report.reviewsInserted = rentals.reviews.length;
      // The cards' ratings moved (the other processes hear it from the reviews' trigger).
      deps.catalogue.invalidate();
    }
  }
  return report;
}

/**
 * A seeded product still showing exactly the images of an older art version moves to the
 * current drawings. Images anyone has changed are left as they are.
 */
async function refreshOutdatedArt(
  deps: SeedDependencies,
  product: SeedProduct,
  images: string[],
  seedImages: (product: SeedProduct, artVersion?: number) => string[],
): Promise<boolean> {
  for (let version = 1; version < ART_VERSION; version += 1) {
    const outdated = seedImages(product, version);
    if (!sameList(images, outdated)) continue;
    return deps.catalogue.replaceImagesIfUnchanged(
      product.productId,
      outdated,
      seedImages(product),
    );
  }
  return false;
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

async function writeMissingImages(
  images: ImageStore,
  seedProducts: SeedProduct[],
): Promise<number> {
  let written = 0;
  for (let index = 0; index < HERO_COUNT; index += 1) {
    const key = heroImageKey(index);
    if (await images.exists(key)) continue;
    await images.put(key, renderHeroSvg(index as 0 | 1 | 2 | 3 | 4));
    written += 1;
  }
  for (const [index, product] of seedProducts.entries()) {
    for (let view = 0; view < product.imageCount; view += 1) {
      const key = productImageKey(product, view);
      if (await images.exists(key)) continue;
      const svg = renderGarmentSvg({
        kind: product.kind,
        colour: product.colour.hex,
        accent: product.accent,
        view: view as 0 | 1 | 2 | 3,
        seed: index + 1,
      });
      await images.put(key, svg);
      written += 1;
    }
  }
  return written;
}
