/** Price tiers, derived from a product's MRP. */
export const PRODUCT_CATEGORIES = ['premium', 'royal', 'luxury'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export interface CategoryInfoEntry {
  name: string;
  priceRange: string;
  label: string;
}

export const CATEGORY_INFO: Record<ProductCategory, CategoryInfoEntry> = {
  premium: {
    name: 'Premium',
    priceRange: 'under ₹5,000 MRP',
    label: 'Premium · under ₹5,000 MRP',
  },
  royal: {
    name: 'Royal',
    priceRange: '₹5,000 to ₹10,000 MRP',
    label: 'Royal · ₹5,000 to ₹10,000 MRP',
  },
  luxury: {
    name: 'Luxury',
    priceRange: 'above ₹10,000 MRP',
    label: 'Luxury · above ₹10,000 MRP',
  },
};

/** MRP thresholds in paise: premium below 5,000 rupees, royal up to 10,000, luxury above. */
export const ROYAL_MIN_MRP_PAISE = 5_000_00;
export const LUXURY_ABOVE_MRP_PAISE = 10_000_00;
