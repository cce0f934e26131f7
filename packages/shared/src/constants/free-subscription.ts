import type { Subscription } from '../contracts/subscriptions.js';

/**
 * A shopper with no paid plan in effect (or a visitor): no period, no limit, nothing to renew.
 * Kept out of contracts/ so the web app can use it without loading zod.
 */
export const FREE_SUBSCRIPTION: Subscription = {
  plan: 'free',
  itemsRentedInPeriod: 0,
  rentalLimit: null,
  startDate: null,
  endDate: null,
  isActive: true,
  autoRenew: false,
};
