import type { Clock } from '../lib/clock.js';
import { createConsoleRepository } from '../modules/admin/console.repository.js';
import { createReportsAdminRepository } from '../modules/admin/reports-admin.repository.js';
import { createCustomersRepository } from '../modules/admin/customers.repository.js';
import { createBookingsRepository } from '../modules/bookings/bookings.repository.js';
import { createChargesRepository } from '../modules/bookings/charges.repository.js';
import { createExtensionsRepository } from '../modules/bookings/extensions.repository.js';
import { createFulfilmentRepository } from '../modules/bookings/fulfilment.repository.js';
import { createInventoryRepository } from '../modules/bookings/inventory.repository.js';
import { createReportsRepository } from '../modules/bookings/reports.repository.js';
import { createCartRepository } from '../modules/cart/cart.repository.js';
import { createCatalogueRepository } from '../modules/catalogue/catalogue.repository.js';
import { createProductAdminRepository } from '../modules/catalogue/product-admin.repository.js';
import { createProductSearchRepository } from '../modules/catalogue/product-search.repository.js';
import { createCouponsRepository } from '../modules/coupons/coupons.repository.js';
import { createHealthRepository } from '../modules/health/health.repository.js';
import { createOutboxRepository } from '../modules/mail/outbox.repository.js';
import { createNotServedRepository } from '../modules/pincodes/not-served.repository.js';
import { createNotifyMeRepository } from '../modules/notify-me/notify-me.repository.js';
import { createReviewsRepository } from '../modules/reviews/reviews.repository.js';
import { createPaymentsRepository } from '../modules/payments/payments.repository.js';
import { createSubscriptionsRepository } from '../modules/subscriptions/subscriptions.repository.js';
import { createTaxDocumentsRepository } from '../modules/tax-documents/tax-documents.repository.js';
import { createUnitsRepository } from '../modules/units/units.repository.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { createWhatsAppRepository } from '../modules/whatsapp/whatsapp.repository.js';
import { createWishlistRepository } from '../modules/wishlist/wishlist.repository.js';
import type { Database } from './client.js';

/**
 * Every repository, bound to one executor: the database itself, or one transaction (see
 * unit-of-work.ts), so a service can write through several repositories atomically.
 */
export function createRepositories(
  db: Database,
  clock: Clock,
  hooks: {
    mailQueued?: () => void;
    refundQueued?: () => void;
    whatsappQueued?: () => void;
  } = {},
) {
  // Each repository is built on first use: a transaction (unit of work) builds only the few it
  // touches, not every repository and its prepared statements.
  return lazily({
    bookings: () => createBookingsRepository(db, clock),
    cart: () => createCartRepository(db),
    charges: () => createChargesRepository(db, clock),
    catalogue: () => createCatalogueRepository(db, clock),
    console: () => createConsoleRepository(db),
    coupons: () => createCouponsRepository(db),
    customers: () => createCustomersRepository(db),
    extensions: () => createExtensionsRepository(db, clock),
    fulfilment: () => createFulfilmentRepository(db),
    health: () => createHealthRepository(db),
    inventory: () => createInventoryRepository(db, clock),
    notServedPincodes: () => createNotServedRepository(db),
    notifyMe: () => createNotifyMeRepository(db),
    reviews: () => createReviewsRepository(db),
    outbox: () => createOutboxRepository(db, clock, hooks.mailQueued),
    payments: () => createPaymentsRepository(db, clock, hooks.refundQueued),
    productAdmin: () => createProductAdminRepository(db, clock),
    productSearch: () => createProductSearchRepository(db),
    reports: () => createReportsRepository(db, clock),
    reportsAdmin: () => createReportsAdminRepository(db),
    subscriptions: () => createSubscriptionsRepository(db),
    taxDocuments: () => createTaxDocumentsRepository(db),
    units: () => createUnitsRepository(db, clock),
    users: () => createUsersRepository(db, clock),
    whatsapp: () => createWhatsAppRepository(db, clock, hooks.whatsappQueued),
    wishlist: () => createWishlistRepository(db),
  });
}

/** An object whose every property is made by its factory the first time it is read, then kept. */
function lazily<T extends Record<string, () => unknown>>(
  factories: T,
): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const made = {} as { [K in keyof T]: ReturnType<T[K]> };
  for (const key of Object.keys(factories) as (keyof T)[]) {
    Object.defineProperty(made, key, {
      enumerable: true,
      get() {
        const value = factories[key]!() as ReturnType<T[typeof key]>;
        Object.defineProperty(made, key, { value, enumerable: true });
        return value;
      },
      configurable: true,
    });
  }
  return made;
}

export type Repositories = ReturnType<typeof createRepositories>;
