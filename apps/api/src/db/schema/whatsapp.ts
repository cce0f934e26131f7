import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A WhatsApp number waiting for its code (decision 085): kept like the e-mail codes of sign-up
 * (`otp_codes`): the code hashed with a key, valid for minutes, voided by too many wrong tries or
 * by a newer code; the rows of the last hour count the codes asked for.
 */
export const whatsappVerifications = pgTable(
  'whatsapp_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 10 digits, as the shopper typed it (the Indian mobile; sent as 91 + the digits). */
    phone: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    /** Set when the code is voided (too many wrong tries, or replaced by a newer code). */
    voidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('whatsapp_verifications_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * WhatsApp messages waiting to be sent, and what became of them (decision 085). Written in the
 * transaction of the change that causes them, sent after commit by the whatsapp-outbox job like
 * the mail outbox; e-mail stays the record, so a message given up is only logged. `eventKey`
 * names the event ('booking:{id}:dispatched'): an event is queued once, whoever writes it.
 * Statuses move forward only: pending → sent → delivered → read, or failed.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** 10 digits; cleared once the message has left (the provider's id is kept). */
    phone: text().notNull(),
    template: text().notNull(),
    language: text().notNull(),
    /** The template's parameters, in its order; cleared once sent (a code may be among them). */
    params: jsonb().$type<string[]>().notNull(),
    eventKey: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** When the job may next take the row: at once, after the backoff, or after the lease. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    providerMessageId: text(),
    /** The last failure's code and message from the provider (never the text or number). */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_event_key').on(t.eventKey),
    uniqueIndex('whatsapp_messages_provider_id').on(t.providerMessageId),
    index('whatsapp_messages_due_idx').on(t.status, t.nextAttemptAt),
    check(
      'whatsapp_messages_status',
      sql`${t.status} in ('pending', 'sent', 'delivered', 'read', 'failed')`,
    ),
    check('whatsapp_messages_language', sql`${t.language} in ('en', 'hi')`),
  ],
);
