import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue.js';
import { users } from './users.js';

/**
 * 'Notify me' (issue [O] §5; decision 070): a shopper's request to be told when a size of a piece
 * is free for a start date and length. Open until the e-mail goes (notified), its start date comes
 * (expired) or its shopper cancels it. One open request per shopper, piece, size and dates.
 */
export const notifyRequests = pgTable(
  'notify_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    durationDays: integer().notNull(),
    status: text().notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the job last asked whether a piece is free: the least recently checked go first. */
    checkedAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check(
      'notify_requests_status',
      sql`${t.status} in ('open', 'notified', 'expired', 'cancelled')`,
    ),
    check('notify_requests_duration', sql`${t.durationDays} in (2, 4, 7, 14)`),
    uniqueIndex('notify_requests_one_open')
      .on(t.userId, t.productId, t.size, t.startDate, t.durationDays)
      .where(sql`${t.status} = 'open'`),
    index('notify_requests_open_checked')
      .on(t.checkedAt)
      .where(sql`${t.status} = 'open'`),
    index('notify_requests_user_created').on(t.userId, t.createdAt),
  ],
);
