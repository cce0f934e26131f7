import type { CouponWrite } from '../../modules/coupons/coupons.repository.js';

/** The coupons DECISIONS.md seeds. Values in paise where money. */
export const SEED_COUPONS: CouponWrite[] = [
  {
    code: 'WELCOME50',
    description: '50% off your first order',
    type: 'percent',
    value: 50,
    firstOrderOnly: true,
    perUserLimit: 1,
  },
  {
    code: 'FESTIVE20',
    description: '20% off orders of ₹3,000 or more, up to ₹1,500 off',
    type: 'percent',
    value: 20,
    minSubtotalPaise: 3_000_00,
    maxDiscountPaise: 1_500_00,
  },
  {
    code: 'FLAT300',
    description: '₹300 off orders of ₹1,500 or more',
    type: 'flat',
    value: 300_00,
    minSubtotalPaise: 1_500_00,
  },
];
