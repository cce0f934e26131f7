import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { OUTBOX_MAIL_STATUSES } from '@pehnava/shared';

/**
 * A file a queued mail carries, by reference (decision 082): the sender makes it when it sends the
 * mail, so the outbox never holds a PDF's bytes, and a file made later still shows the document
 * as issued (a tax document never changes).
 */
export type OutboxAttachmentRecord = { taxDocumentId: string };

export const outboxMailStatus = pgEnum('outbox_mail_status', OUTBOX_MAIL_STATUSES);

/**
 * Mail waiting to be sent. A row is written in the same transaction as the change that causes
 * the mail, and the mail-outbox job sends it after commit: a mail is never sent for a change that
 * rolled back, and never lost when the mail server is down (it is retried with backoff).
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** What the mail is about (otp, booking-confirmed…), for operators and logs. */
    kind: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    /** Cleared once sent: a body may hold a code, and the sent mail is the shopper's copy. */
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    /** Files to attach when the mail is sent, as references; kept after sending (no bytes). */
    attachments: jsonb().$type<OutboxAttachmentRecord[]>().notNull().default([]),
    status: outboxMailStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /**
     * When the job may next take the row: at once for a new mail, after the backoff for a failed
     * try, and after the lease while a runner is sending it (so a runner that dies mid-send does
     * not strand it).
     */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    /** The last failure's class and message from the mail server (never the body). */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('outbox_mails_due_idx').on(t.status, t.nextAttemptAt)],
);
