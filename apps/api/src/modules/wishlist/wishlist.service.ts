import { MESSAGES, type Product } from '@pehnava/shared';
import { notFound } from '../../lib/http-error.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { WishlistRepository } from './wishlist.repository.js';

export interface WishlistServiceDeps {
  repository: WishlistRepository;
  catalogue: Pick<CatalogueService, 'snapshot'>;
}

export function createWishlistService({ repository, catalogue }: WishlistServiceDeps) {
  return {
    /** The saved products, newest first; products no longer in the catalogue are skipped. */
    async list(userId: string): Promise<Product[]> {
      const [ids, snapshot] = await Promise.all([
        repository.listProductIds(userId),
        catalogue.snapshot(),
      ]);
      return ids.flatMap((id) => snapshot.byId.get(id) ?? []);
    },

    async add(userId: string, productId: string): Promise<void> {
      const product = (await catalogue.snapshot()).byId.get(productId.trim().toLowerCase());
      if (!product) throw notFound(MESSAGES.productNotFound);
      await repository.add(userId, product._id);
    },

    /** Removing a product that is not saved is not an error: the outcome is the same. */
    remove: (userId: string, productId: string): Promise<void> =>
      repository.remove(userId, productId.trim()),

    /** Every id asked about, true when saved (unknown ids are simply false). */
    async status(userId: string, productIds: string[]): Promise<Record<string, boolean>> {
      const saved = await repository.savedAmong(
        userId,
        productIds.map((id) => id.trim()),
      );
      return Object.fromEntries(
        productIds.map((id) => [id, saved.has(id.trim().toLowerCase())] as const),
      );
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
