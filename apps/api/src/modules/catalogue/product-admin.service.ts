import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  CATALOGUE_ADMIN_MESSAGES as M,
  CATEGORY_INFO,
  MESSAGES,
  categoryForMrp,
  paiseToRupees,
  rupeesToPaise,
  type AdminProduct,
  type AdminProductBody,
  type AdminProductsResponse,
} from '@pehnava/shared';
import type { ArtPictures } from '../../adapters/images/art-pictures.js';
import type { ImageStore } from '../../adapters/images/image-store.js';
import type { Repositories } from '../../db/repositories.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { constraintViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { absoluteImageUrl, withImageOrigin } from '../../lib/image-urls.js';
import type { CatalogueService } from './catalogue.service.js';
import type { ProductFields, ProductRow, SizeCounts } from './product-admin.repository.js';

export interface ProductAdminDeps {
  repos: Pick<Repositories, 'productAdmin'>;
  uow: UnitOfWork;
  catalogue: Pick<CatalogueService, 'invalidate'>;
  images: ImageStore;
  /** The seed's art as pictures, made on first request: a picture not made yet still counts. */
  artPictures: Pick<ArtPictures, 'exists'>;
}

const IMAGE_PATH = /^\/images\/([a-z0-9][a-z0-9/_.-]*)$/;

/**
 * The catalogue as operators edit it (issue [K]). The server derives the price tier from the
 * MRP, never takes it from the form; an edit names the version it was made on, so two operators
 * never silently overwrite each other; sizes are never removed and units never dropped here
 * (their bookings hold them: a piece leaves by being retired on the Units screen). Every write
 * reaches every process's snapshot: here at once, elsewhere by the NOTIFY the write queues.
 */
export function createProductAdmin({
  repos,
  uow,
  catalogue,
  images,
  artPictures,
}: ProductAdminDeps) {
  /** The store key of an image address (absolute from this API, or root-relative). */
  async function imageKeys(addresses: string[]): Promise<string[]> {
    const paths: string[] = [];
    for (const address of addresses) {
      let path = address.trim();
      if (/^https?:\/\//i.test(path)) {
        try {
          path = new URL(path).pathname;
        } catch {
          throw badRequest(M.imageNotOurs);
        }
      }
      const key = IMAGE_PATH.exec(path)?.[1];
      if (!key || key.includes('..')) throw badRequest(M.imageNotOurs);
      const stored = (await images.exists(key)) || (await artPictures.exists(key));
      if (!stored) throw badRequest(M.imageMissing(path));
      paths.push(images.urlFor(key));
    }
    return paths;
  }

  async function fieldsOf(body: AdminProductBody): Promise<ProductFields> {
    const sizes = new Set<string>();
    for (const { size } of body.sizes) {
      if (sizes.has(size.toUpperCase())) throw badRequest(M.sizeTwice(size));
      sizes.add(size.toUpperCase());
    }
    const filters = new Set<string>();
    for (const { type, value } of body.filters) {
      const key = `${type}\u0000${value}`.toLowerCase();
      if (filters.has(key)) throw badRequest(M.filterTwice(type, value));
      filters.add(key);
    }
    const mrpPaise = rupeesToPaise(body.mrp);
    return {
      productId: body.productId,
      name: body.name,
      description: body.description,
      condition: body.condition,
      images: await imageKeys(body.images),
      mrpPaise,
      twoDayPricePaise: rupeesToPaise(body.twoDayRentalPrice),
      fourDayPricePaise: rupeesToPaise(body.fourDayRentalPrice),
      sevenDayPricePaise: rupeesToPaise(body.sevenDayRentalPrice),
      fourteenDayPricePaise: rupeesToPaise(body.fourteenDayRentalPrice),
      category: categoryForMrp(mrpPaise),
      bestseller: body.bestseller,
      isAvailable: body.isAvailable,
      sizes: body.sizes,
      filters: body.filters,
    };
  }

  function view(
    row: ProductRow,
    sizes: SizeCounts[],
    filters: { type: string; value: string }[],
    origin: string,
  ): AdminProduct {
    const product = {
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
      categoryLabel: CATEGORY_INFO[row.category].label,
      condition: row.condition,
      bestseller: row.bestseller,
      isAvailable: row.isAvailable,
      date: row.listedAt.toISOString(),
      sizes,
      filters,
      version: row.updatedAt.toISOString(),
    };
    return withImageOrigin(product, origin);
  }

  async function detail(id: string, origin: string): Promise<AdminProduct> {
    const found = await repos.productAdmin.find(id);
    if (!found) throw notFound(MESSAGES.productNotFound);
    const sizes = await repos.productAdmin.sizeCounts(id);
    return view(found.row, sizes, found.filters, origin);
  }

  /** A product code already taken, found by the unique index, is a 409 naming it. */
  function codeTaken(error: unknown, code: string): never {
    if (constraintViolation(error)?.constraint === 'products_product_id_unique') {
      throw conflict(M.codeTaken(code));
    }
    throw error;
  }

  return {
    detail,

    /** GET /api/admin/products. */
    async list(
      query: { q?: string; page: number },
      origin: string,
    ): Promise<Omit<AdminProductsResponse, 'success'>> {
      const { rows, total } = await repos.productAdmin.list(
        query.q,
        query.page,
        ADMIN_PRODUCTS_PAGE_SIZE,
      );
      return {
        products: rows.map(({ product, sizes, units }) => {
          const image = product.images[0];
          return {
            _id: product.id,
            productId: product.productId,
            name: product.name,
            image: image ? absoluteImageUrl(image, origin) : null,
            category: product.category,
            mrp: paiseToRupees(product.mrpPaise),
            twoDayRentalPrice: paiseToRupees(product.twoDayPricePaise),
            isAvailable: product.isAvailable,
            bestseller: product.bestseller,
            sizes,
            units,
          };
        }),
        total,
        page: query.page,
        pageSize: ADMIN_PRODUCTS_PAGE_SIZE,
      };
    },

    /** POST /api/admin/products. */
    async create(body: AdminProductBody, origin: string): Promise<AdminProduct> {
      const fields = await fieldsOf(body);
      const id = await uow
        .run((tx) => tx.productAdmin.create(fields))
        .catch((error: unknown) => codeTaken(error, fields.productId));
      if (!id) throw conflict(M.codeTaken(fields.productId));
      catalogue.invalidate();
      return detail(id, origin);
    },

    /** PUT /api/admin/products/{id}. */
    async update(id: string, body: AdminProductBody, origin: string): Promise<AdminProduct> {
      const fields = await fieldsOf(body);
      await uow
        .run(async (tx) => {
          const row = await tx.productAdmin.lock(id);
          if (!row) throw notFound(MESSAGES.productNotFound);
          if (body.version !== undefined && body.version !== row.updatedAt.toISOString()) {
            throw conflict(M.changedMeanwhile);
          }
          const current = await tx.productAdmin.sizeCounts(id);
          const asked = new Map(fields.sizes.map((s) => [s.size, s]));
          for (const size of current) {
            const next = asked.get(size.size);
            if (!next) throw badRequest(M.sizeRemoved(size.size));
            if (next.units < size.units) throw badRequest(M.unitsReduced(size.size, size.units));
          }
          await tx.productAdmin.update(id, fields, current);
        })
        .catch((error: unknown) => codeTaken(error, fields.productId));
      catalogue.invalidate();
      return detail(id, origin);
    },
  };
}

export type ProductAdmin = ReturnType<typeof createProductAdmin>;
