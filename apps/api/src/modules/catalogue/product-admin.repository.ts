import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { productFilters, productSizes, productUnits, products } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import type { ProductWrite } from './catalogue.repository.js';

/** The channel every API process listens on for catalogue writes (catalogue-changes.ts). */
export const CATALOGUE_CHANNEL = 'pehnava_catalogue';

export type ProductRow = typeof products.$inferSelect;

/** A product's fields as an operator writes them (no position or listing date: the server's). */
export type ProductFields = Omit<ProductWrite, 'position' | 'listedAt'>;

export interface SizeCounts {
  size: string;
  available: boolean;
  units: number;
  retiredUnits: number;
}

/**
 * The catalogue as operators write it (issue [K]): products with their sizes, units and filters,
 * in the caller's transaction. Every write also queues a NOTIFY on CATALOGUE_CHANNEL, sent by
 * PostgreSQL when the transaction commits, so every process drops its snapshot then and not
 * before.
 */
export function createProductAdminRepository(db: Database, clock: Clock) {
  const notify = (id: string) => db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${id})`);

  async function sizeCounts(productId: string): Promise<SizeCounts[]> {
    return db
      .select({
        size: productSizes.size,
        available: productSizes.available,
        units:
          sql<number>`count(${productUnits.id}) filter (where ${productUnits.state} <> 'retired')`.mapWith(
            Number,
          ),
        retiredUnits:
          sql<number>`count(${productUnits.id}) filter (where ${productUnits.state} = 'retired')`.mapWith(
            Number,
          ),
      })
      .from(productSizes)
      .leftJoin(
        productUnits,
        and(
          eq(productUnits.productId, productSizes.productId),
          eq(productUnits.size, productSizes.size),
        ),
      )
      .where(eq(productSizes.productId, productId))
      .groupBy(
        productSizes.productId,
        productSizes.size,
        productSizes.available,
        productSizes.position,
      )
      .orderBy(asc(productSizes.position));
  }

  /** Add `count` units to a size, numbered after its highest (retired ones keep their numbers). */
  async function addUnits(productId: string, size: string, count: number) {
    if (count <= 0) return;
    const [top] = await db
      .select({ n: max(productUnits.unitNumber) })
      .from(productUnits)
      .where(and(eq(productUnits.productId, productId), eq(productUnits.size, size)));
    const from = (top?.n ?? 0) + 1;
    await db
      .insert(productUnits)
      .values(Array.from({ length: count }, (_, i) => ({ productId, size, unitNumber: from + i })));
  }

  async function writeFilters(productId: string, filters: ProductFields['filters']) {
    await db.delete(productFilters).where(eq(productFilters.productId, productId));
    if (filters.length > 0) {
      await db
        .insert(productFilters)
        .values(filters.map((f, position) => ({ productId, ...f, position })));
    }
  }

  const columns = (input: ProductFields) => ({
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
  });

  return {
    sizeCounts,

    /** One page of products, newest listing first, with their sizes' and units' counts. */
    async list(q: string | undefined, page: number, pageSize: number) {
      const where = q
        ? sql`(position(lower(${q}) in lower(${products.name})) > 0
            or position(upper(${q}) in ${products.productId}) > 0)`
        : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            product: products,
            // Written out in full: in a one-table select Drizzle leaves columns unqualified,
            // and inside a subquery an unqualified "id" would be the subquery's own.
            sizes: sql<number>`(select count(*) from product_sizes s
              where s.product_id = products.id)`.mapWith(Number),
            units: sql<number>`(select count(*) from product_units u
              where u.product_id = products.id and u.state <> 'retired')`.mapWith(Number),
          })
          .from(products)
          .where(where)
          .orderBy(desc(products.listedAt), asc(products.productId))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(products)
          .where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** The product row with its filters, or undefined. */
    async find(id: string) {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      if (!row) return undefined;
      const filters = await db
        .select({ type: productFilters.type, value: productFilters.value })
        .from(productFilters)
        .where(eq(productFilters.productId, id))
        .orderBy(asc(productFilters.position));
      return { row, filters };
    },

    /** The row locked for an edit, or undefined. */
    async lock(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
      return row;
    },

    /**
     * A new product, listed now and placed after every other in the shop's own order, with its
     * sizes, units and filters. Undefined when its code is taken.
     */
    async create(input: ProductFields): Promise<string | undefined> {
      const [last] = await db.select({ n: max(products.position) }).from(products);
      const [created] = await db
        .insert(products)
        .values({
          ...columns(input),
          position: (last?.n ?? 0) + 1,
          listedAt: clock.now(),
          updatedAt: clock.now(),
        })
        .onConflictDoNothing({ target: products.productId })
        .returning({ id: products.id });
      if (!created) return undefined;
      await db.insert(productSizes).values(
        input.sizes.map((s, position) => ({
          productId: created.id,
          size: s.size,
          available: s.available,
          position,
        })),
      );
      for (const s of input.sizes) await addUnits(created.id, s.size, s.units);
      await writeFilters(created.id, input.filters);
      await notify(created.id);
      return created.id;
    },

    /**
     * Overwrite a locked product's fields, sizes (existing ones updated, new ones added with
     * their units; the caller has checked none is removed or shrunk) and filters.
     */
    async update(id: string, input: ProductFields, current: SizeCounts[]) {
      await db
        .update(products)
        .set({ ...columns(input), updatedAt: clock.now() })
        .where(eq(products.id, id));
      const known = new Map(current.map((s) => [s.size, s]));
      for (const [position, s] of input.sizes.entries()) {
        const before = known.get(s.size);
        if (before) {
          await db
            .update(productSizes)
            .set({ available: s.available, position })
            .where(and(eq(productSizes.productId, id), eq(productSizes.size, s.size)));
          await addUnits(id, s.size, s.units - before.units);
        } else {
          await db
            .insert(productSizes)
            .values({ productId: id, size: s.size, available: s.available, position });
          await addUnits(id, s.size, s.units);
        }
      }
      await writeFilters(id, input.filters);
      await notify(id);
    },
  };
}

export type ProductAdminRepository = ReturnType<typeof createProductAdminRepository>;
