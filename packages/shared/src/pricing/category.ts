import {
  LUXURY_ABOVE_MRP_PAISE,
  ROYAL_MIN_MRP_PAISE,
  type ProductCategory,
} from '../constants/categories.js';

/** premium: MRP below ₹5,000; royal: ₹5,000 to ₹10,000; luxury: above ₹10,000. */
export function categoryForMrp(mrpPaise: number): ProductCategory {
  if (mrpPaise < ROYAL_MIN_MRP_PAISE) return 'premium';
  if (mrpPaise <= LUXURY_ABOVE_MRP_PAISE) return 'royal';
  return 'luxury';
}
