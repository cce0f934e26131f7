import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { USER_ROLES } from '@pehnava/shared';

export const userRole = pgEnum('user_role', USER_ROLES);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Stored trimmed and lower-cased; compared the same way. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    phone: text().notNull().default(''),
    address: text().notNull().default(''),
    role: userRole().notNull().default('user'),
    /** The shopper's GSTIN (checked, upper-case), printed on their tax invoices; null: none. */
    gstin: text(),
    /**
     * The WhatsApp number booking updates go to (10 digits, verified by a code sent over
     * WhatsApp; decision 085), and when the shopper opted in: null is off. Cleared together by an
     * opt-out (the profile, or a 'STOP' reply).
     */
    whatsappPhone: text(),
    whatsappOptedInAt: timestamp({ withTimezone: true }),
    /** The shopper's language for messages: 'en' or 'hi' (DECISIONS.md 'Languages and messages'). */
    language: text().notNull().default('en'),
    /** Bumped by a password change; tokens carry the version they were issued at. */
    tokenVersion: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    check('users_language', sql`${t.language} in ('en', 'hi')`),
    check(
      'users_whatsapp_opt_in',
      sql`${t.whatsappOptedInAt} is null or ${t.whatsappPhone} is not null`,
    ),
    index('users_whatsapp_phone_idx')
      .on(t.whatsappPhone)
      .where(sql`${t.whatsappPhone} is not null`),
  ],
);

/**
 * A sign-up waiting for its e-mail code. The user row is created only when the code is verified,
 * so the pending name and password hash live here until then.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    /** The phone given at sign-up ('' for none), for the account the code creates. */
    phone: text().notNull().default(''),
    /** The language the shopper signed up in ('en' or 'hi'): the code's mail and the account's. */
    language: text().notNull().default('en'),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    /** Set when the code is voided (too many wrong tries, or replaced by a newer code). */
    voidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_codes_email_created_idx').on(t.email, t.createdAt),
    check('otp_codes_language', sql`${t.language} in ('en', 'hi')`),
  ],
);
