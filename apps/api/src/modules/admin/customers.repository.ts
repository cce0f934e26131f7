import { and, asc, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookingCharges, bookings, outboxMails, users } from '../../db/schema/index.js';
import { paidAndStanding } from '../bookings/bookings.repository.js';
import { currentPlanQuery } from '../subscriptions/subscriptions.repository.js';

/**
 * The operators' search over accounts: any part of the name or e-mail in any case, or the digits
 * of a phone number (4 or more, spaces and signs ignored; a number typed with +91 is still its 10
 * digits) in the account's phone or a phone one of their bookings was delivered to, as the
 * bookings search reads phones (bookings.repository.ts). Shoppers often give a phone only at
 * checkout, and that is the number they call from.
 */
function matches(q: string) {
  const digits = q.replace(/\D/g, '').slice(-10);
  const phone = (column: SQLWrapper) =>
    sql`position(${digits} in regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')) > 0`;
  return sql`(position(lower(${q}) in lower(${users.name})) > 0
    or position(lower(${q}) in lower(${users.email})) > 0
    ${
      digits.length >= 4
        ? sql`or ${phone(users.phone)} or exists (select 1 from ${bookings}
            where ${bookings.userId} = ${users.id}
              and ${phone(sql`${bookings.deliveryAddress}->>'phone'`)})`
        : sql``
    })`;
}

/**
 * What the operator console's Customers screen reads (issue [K]): accounts with their plan,
 * paid bookings and charges due, and a customer's bookings, charges and mails. Read-only: removing
 * an account is the users module's (users.service.ts `removeAccount`).
 */
export function createCustomersRepository(db: Database) {
  /**
   * An account's columns and its aggregates, each counted in the same statement (no query per
   * row): the plan in effect at `now` (the subscriptions module's own definition, joined
   * laterally), paid bookings that stand, and charges still due in paise.
   */
  function accounts(now: Date) {
    const plan = currentPlanQuery(db, users.id, sql`${now.toISOString()}::timestamptz`).as(
      'current_plan',
    );
    return db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        address: users.address,
        role: users.role,
        createdAt: users.createdAt,
        planId: plan.planId,
        paidBookings: sql<number>`(select count(*) from ${bookings}
          where ${bookings.userId} = ${users.id} and ${paidAndStanding()})`.mapWith(Number),
        duePaise: sql<number>`(select coalesce(sum(${bookingCharges.amountPaise}), 0)
          from ${bookingCharges}
          inner join ${bookings} on ${bookings.id} = ${bookingCharges.bookingId}
          where ${bookings.userId} = ${users.id} and ${bookingCharges.status} = 'due')`.mapWith(
          Number,
        ),
      })
      .from(users)
      .leftJoinLateral(plan, sql`true`);
  }

  return {
    /** One page of the accounts `q` matches (all without it), newest first, and how many match. */
    async list(q: string | undefined, page: number, pageSize: number, now: Date) {
      const where = q ? matches(q) : undefined;
      const [rows, [counted]] = await Promise.all([
        accounts(now)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(users)
          .where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** One account with its aggregates; undefined when there is none. */
    async find(id: string, now: Date) {
      const [row] = await accounts(now).where(eq(users.id, id));
      return row;
    },

    /** The account's newest bookings, any status. */
    async bookingsOf(userId: string, limit: number) {
      return db
        .select({
          id: bookings.id,
          status: bookings.status,
          paymentStatus: bookings.paymentStatus,
          totalPaise: bookings.totalPaise,
          createdAt: bookings.createdAt,
        })
        .from(bookings)
        .where(eq(bookings.userId, userId))
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(limit);
    },

    /** Charges still due on the account's bookings, oldest first. */
    async chargesDueOf(userId: string) {
      return db
        .select({
          id: bookingCharges.id,
          bookingId: bookingCharges.bookingId,
          kind: bookingCharges.kind,
          amountPaise: bookingCharges.amountPaise,
          reason: bookingCharges.reason,
          createdAt: bookingCharges.createdAt,
        })
        .from(bookingCharges)
        .innerJoin(bookings, eq(bookings.id, bookingCharges.bookingId))
        .where(and(eq(bookings.userId, userId), eq(bookingCharges.status, 'due')))
        .orderBy(asc(bookingCharges.createdAt), asc(bookingCharges.day), asc(bookingCharges.id));
    },

    /** The newest mails written to this address: what and when, never the bodies. */
    async mailsTo(email: string, limit: number) {
      return db
        .select({
          kind: outboxMails.kind,
          subject: outboxMails.subject,
          status: outboxMails.status,
          createdAt: outboxMails.createdAt,
        })
        .from(outboxMails)
        .where(sql`lower(${outboxMails.recipient}) = lower(${email})`)
        .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id))
        .limit(limit);
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
