import type { PlanId } from '../constants/plans.js';
import type { Product } from '../contracts/catalogue.js';
import { paiseToRupees } from './money.js';

/**
 * A back-up size's fee per line (DECISIONS.md 'Back-up size'): ₹199 on Free, ₹99 on Plus, free on
 * Pro. It is added to the total on its own: not part of the subtotal that coupons, the delivery
 * fee's threshold and damage protection are computed on.
 */
export const BACKUP_FEE_PAISE: Readonly<Record<PlanId, number>> = {
  free: 199_00,
  plus: 99_00,
  pro: 0,
};

/** The fee for one back-up size on `plan`, in rupees. */
export const backupFee = (plan: PlanId): number => paiseToRupees(BACKUP_FEE_PAISE[plan]);

/** The one size that is not a size: pieces in it have no back-up. */
export const FREE_SIZE = 'Free Size';

/**
 * The sizes a line of `product` in `size` may take as its back-up: the product's other sizes on
 * offer, none for accessories or a piece in Free Size (a back-up is for fit).
 */
export function backupSizesFor(
  product: Pick<Product, 'sizes' | 'filters'>,
  size: string,
): string[] {
  const department = product.filters.find((f) => f.type === 'category')?.value;
  if (department === 'Accessories' || size === FREE_SIZE) return [];
  return product.sizes
    .filter((s) => s.available && s.size !== size && s.size !== FREE_SIZE)
    .map((s) => s.size);
}
