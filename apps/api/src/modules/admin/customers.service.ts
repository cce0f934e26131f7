import type { FastifyBaseLogger } from 'fastify';
import {
  CUSTOMERS_PAGE_SIZE,
  CUSTOMER_MESSAGES,
  CUSTOMER_RECENT_LIMIT,
  PLAN_IDS,
  bookingNumber,
  paiseToRupees,
  type AdminCustomerDetailResponse,
  type AdminCustomersQuery,
  type AdminCustomersResponse,
  type AnonymiseCustomerResponse,
  type CustomerRow,
  type PlanId,
} from '@pehnava/shared';
import type { Repositories } from '../../db/repositories.js';
import type { Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { Actor } from '../bookings/cancellation.service.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { UsersService } from '../users/users.service.js';
import type { CustomersRepository } from './customers.repository.js';

export interface CustomersDeps {
  repos: Pick<Repositories, 'customers'>;
  /** Anonymising is the account deletion itself (DECISIONS.md 'Accounts'), not a copy of it. */
  users: Pick<UsersService, 'removeAccount'>;
  subscriptions: Pick<SubscriptionsService, 'mySubscription'>;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/** What the audit trail of each booking kept calls an operator's anonymise. */
export const ANONYMISED_ACTION = 'shopper anonymised';

type AccountRow = NonNullable<Awaited<ReturnType<CustomersRepository['find']>>>;

const isPlanId = (id: string | null): id is PlanId =>
  id !== null && (PLAN_IDS as readonly string[]).includes(id);

function toRow(row: AccountRow): CustomerRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    plan: isPlanId(row.planId) ? row.planId : 'free',
    bookings: row.paidBookings,
    amountDue: paiseToRupees(row.duePaise),
  };
}

/**
 * The operator console's Customers screen (issue [K]): find an account, see what it has with the
 * shop, and anonymise it when the customer asks. Admins only (the routes are not FOR_STAFF).
 */
export function createCustomers({ repos, users, subscriptions, clock, logger }: CustomersDeps) {
  return {
    /** GET /api/admin/customers. */
    async list({ q, page }: AdminCustomersQuery): Promise<Omit<AdminCustomersResponse, 'success'>> {
      const { rows, total } = await repos.customers.list(
        q || undefined,
        page,
        CUSTOMERS_PAGE_SIZE,
        clock.now(),
      );
      return { customers: rows.map(toRow), total, page, pageSize: CUSTOMERS_PAGE_SIZE };
    },

    /** GET /api/admin/customers/{id}: the account, its plan, bookings, charges due and mails. */
    async detail(id: string): Promise<Omit<AdminCustomerDetailResponse, 'success'>> {
      const row = await repos.customers.find(id, clock.now());
      if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
      const [subscription, bookings, charges, mails] = await Promise.all([
        subscriptions.mySubscription(id),
        repos.customers.bookingsOf(id, CUSTOMER_RECENT_LIMIT),
        repos.customers.chargesDueOf(id),
        repos.customers.mailsTo(row.email, CUSTOMER_RECENT_LIMIT),
      ]);
      return {
        customer: { ...toRow(row), address: row.address },
        subscription,
        bookings: bookings.map((b) => ({
          bookingId: b.id,
          bookingNumber: bookingNumber(b.id),
          status: b.status,
          paymentStatus: b.paymentStatus,
          totalPrice: paiseToRupees(b.totalPaise),
          createdAt: b.createdAt.toISOString(),
        })),
        chargesDue: charges.map((c) => ({
          chargeId: c.id,
          bookingId: c.bookingId,
          bookingNumber: bookingNumber(c.bookingId),
          kind: c.kind,
          amount: paiseToRupees(c.amountPaise),
          reason: c.reason,
          createdAt: c.createdAt.toISOString(),
        })),
        mails: mails.map((m) => ({
          kind: m.kind,
          subject: m.subject,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },

    /**
     * POST /api/admin/customers/{id}/anonymise: the customer asked to be forgotten. The account is
     * removed by the very code path of the shopper's own deletion (users.service.ts
     * `removeAccount`), without the password: the user, cart, wishlist, subscription and sessions
     * go; paid bookings stay for the accounts without name, phone and street. Each booking kept
     * records who did it and why in its audit trail, in the same transaction, and the log says
     * so too (an account with no paid booking leaves no row to write on).
     *
     * Only a shopper's account: an operator's own, or another admin's or staff's, is a 409 (their
     * role is taken away first, on purpose). A second call, or a second admin at the same moment,
     * finds the account gone: 404, nothing changes.
     */
    async anonymise(
      actor: Actor,
      id: string,
      reason: string,
    ): Promise<Omit<AnonymiseCustomerResponse, 'success'>> {
      if (actor.id === id) throw conflict(CUSTOMER_MESSAGES.notYourself);
      const removed = await users.removeAccount(id, {
        check: (account) => {
          if (account.role !== 'user')
            throw conflict(CUSTOMER_MESSAGES.operatorAccount(account.role));
        },
        record: async (tx, kept) => {
          for (const bookingId of kept) {
            await tx.bookings.recordEvent({
              bookingId,
              actorId: actor.id,
              actorEmail: actor.email,
              actorRole: actor.role,
              action: ANONYMISED_ACTION,
              // Nothing of what was removed is written here: that would undo the removal.
              before: {},
              after: { shopper: null },
              note: reason,
            });
          }
        },
      });
      if (!removed) throw notFound(CUSTOMER_MESSAGES.notFound);
      const keptBookings = removed.keptBookingIds.length;
      // The customer's id only: their e-mail and name are what was asked to be forgotten.
      logger.info(
        { customerId: id, operatorId: actor.id, operatorEmail: actor.email, keptBookings, reason },
        'customer anonymised by an operator',
      );
      return { message: CUSTOMER_MESSAGES.anonymised(keptBookings), keptBookings };
    },
  };
}

export type Customers = ReturnType<typeof createCustomers>;
