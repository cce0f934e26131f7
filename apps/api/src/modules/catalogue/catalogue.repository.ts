import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Product, ProductCategory } from '@pehnava/shared';
import { REVIEWS_FOR_CARD_RATING, cardRating, paiseToRupees } from '@pehnava/shared';
import type { Clock } from '../../lib/clock.js';
import type { Database } from '../../db/client.js';
import {
  catalogueVersion,
  productFilters,
  productRatings,
  productSizes,
  productUnits,
  products,
} from '../../db/schema/index.js';

type ProductRow = typeof products.$inferSelect;
type SizeRow = typeof productSizes.$inferSelect;
type FilterRow = typeof productFilters.$inferSelect;
type RatingRow = Pick<typeof productRatings.$inferSelect, 'reviewCount' | 'ratingSum'>;

/** Everything needed to write one product. Money in paise. */
export interface ProductWrite {
  productId: string;
  name: string;
  description: string;
  images: string[];
  mrpPaise: number;
  twoDayPricePaise: number;
  fourDayPricePaise: number;
  sevenDayPricePaise: number;
  fourteenDayPricePaise: number;
  category: ProductCategory;
  condition: string;
  bestseller: boolean;
  isAvailable: boolean;
  position: number;
  listedAt: Date;
  sizes: { size: string; available: boolean; units: number }[];
  filters: { type: string; value: string }[];
}

export function createCatalogueRepository(db: Database, clock: Clock) {
  return {
    /**
     * Every product in server order, with sizes, filters and, from REVIEWS_FOR_CARD_RATING visible
     * reviews, its rating (the kept aggregate, product_ratings), mapped to the API shape.
     */
    async listProducts(): Promise<Product[]> {
      const rows = await db
        .select()
        .from(products)
        .orderBy(asc(products.position), asc(products.productId));
      if (rows.length === 0) return [];
      const [sizes, filters, ratings] = await Promise.all([
        db
          .select()
          .from(productSizes)
          .orderBy(asc(productSizes.productId), asc(productSizes.position)),
        db
          .select()
          .from(productFilters)
          .orderBy(asc(productFilters.productId), asc(productFilters.position)),
        db
          .select()
          .from(productRatings)
          .where(gte(productRatings.reviewCount, REVIEWS_FOR_CARD_RATING)),
      ]);
      const sizesBy = groupBy(sizes, (s) => s.productId);
      const filtersBy = groupBy(filters, (f) => f.productId);
      const ratingOf = new Map(ratings.map((r) => [r.productId, r]));
      return rows.map((row) =>
        toProduct(
          row,
          sizesBy.get(row.id) ?? [],
          filtersBy.get(row.id) ?? [],
          ratingOf.get(row.id),
        ),
      );
    },

    /**
     * The catalogue's change mark: raised by every statement that writes products, their sizes or
     * their filters (migration 0015); undefined if its row is missing.
     */
    async catalogueVersion(): Promise<number | undefined> {
      const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion);
      return row?.version;
    },

    /** The images of the products among `codes` that exist, by merchant code. */
    async existingProductImages(codes: string[]): Promise<Map<string, string[]>> {
      if (codes.length === 0) return new Map();
      const rows = await db
        .select({ productId: products.productId, images: products.images })
        .from(products)
        .where(inArray(products.productId, codes));
      return new Map(rows.map((r) => [r.productId, r.images]));
    },

    /**
     * Replace a product's images only while they are still exactly `expected`, so an image list
     * someone has edited since is never overwritten. Returns whether a row changed.
     */
    async replaceImagesIfUnchanged(
      productCode: string,
      expected: string[],
      next: string[],
    ): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ images: next, updatedAt: clock.now() })
        .where(and(eq(products.productId, productCode), eq(products.images, expected)))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    /**
     * Insert a product with its sizes, units and filters in one transaction. A product whose
     * productId already exists is left exactly as it is (returns false).
     */
    async insertProductIfAbsent(input: ProductWrite): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(products)
          .values({
            productId: input.productId,
            name: input.name,
            description: input.description,
            images: input.images,
            mrpPaise: input.mrpPaise,
            twoDayPricePaise: input.twoDayPricePaise,
            fourDayPricePaise: input.fourDayPricePaise,
            sevenDayPricePaise: input.sevenDayPricePaise,
            fourteenDayPricePaise: input.fourteenDayPricePaise,
            category: input.category,
            condition: input.condition,
            bestseller: input.bestseller,
            isAvailable: input.isAvailable,
            position: input.position,
            listedAt: input.listedAt,
          })
          .onConflictDoNothing({ target: products.productId })
          .returning({ id: products.id });
        const created = inserted[0];
        if (!created) return false;
        if (input.sizes.length > 0) {
          await tx.insert(productSizes).values(
            input.sizes.map((s, position) => ({
              productId: created.id,
              size: s.size,
              available: s.available,
              position,
            })),
          );
          const units = input.sizes.flatMap((s) =>
            Array.from({ length: s.units }, (_, i) => ({
              productId: created.id,
              size: s.size,
              unitNumber: i + 1,
            })),
          );
          if (units.length > 0) await tx.insert(productUnits).values(units);
        }
        if (input.filters.length > 0) {
          await tx
            .insert(productFilters)
            .values(input.filters.map((f, position) => ({ productId: created.id, ...f, position })))
            .onConflictDoNothing();
        }
        return true;
      });
    },

    async setAvailability(id: string, isAvailable: boolean): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ isAvailable, updatedAt: clock.now() })
        .where(eq(products.id, id))
        .returning({ id: products.id });
      return rows.length > 0;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;

function toProduct(
  row: ProductRow,
  sizes: SizeRow[],
  filters: FilterRow[],
  ratings: RatingRow | undefined,
): Product {
  const rating = ratings && cardRating(ratings.reviewCount, ratings.ratingSum);
  return {
    _id: row.id,
    productId: row.productId,
    name: row.name,
    description: row.description,
    images: row.images,
    mrp: paiseToRupees(row.mrpPaise),
    twoDayRentalPrice: paiseToRupees(row.twoDayPricePaise),
    fourDayRentalPrice: paiseToRupees(row.fourDayPricePaise),
    sevenDayRentalPrice: paiseToRupees(row.sevenDayPricePaise),
    fourteenDayRentalPrice: paiseToRupees(row.fourteenDayPricePaise),
    category: row.category,
    condition: row.condition,
    bestseller: row.bestseller,
    isAvailable: row.isAvailable,
    date: row.listedAt.toISOString(),
    sizes: sizes.map((s) => ({ size: s.size, available: s.available })),
    filters: filters.map((f) => ({ type: f.type, value: f.value })),
    ...(rating ? { rating } : {}),
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
