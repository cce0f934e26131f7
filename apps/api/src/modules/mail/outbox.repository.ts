import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { compiledInsert, compiledStatement } from '../../db/compiled.js';
import { outboxMails, type OutboxAttachmentRecord } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';

export type OutboxMailRow = typeof outboxMails.$inferSelect;

const insertMails = compiledInsert('outbox_mails_insert', (db, rows: Record<string, unknown>[]) =>
  db
    .insert(outboxMails)
    .values(rows as (typeof outboxMails.$inferInsert)[])
    .returning({ id: outboxMails.id }),
);

const markMailSent = compiledStatement('outbox_mails_mark_sent', (db) =>
  db
    .update(outboxMails)
    .set({
      status: 'sent',
      sentAt: sql`${sql.placeholder('at')}`,
      textBody: '',
      htmlBody: '',
      lastError: null,
    })
    .where(and(eq(outboxMails.id, sql.placeholder('id')), eq(outboxMails.status, 'pending'))),
);
const claimDueMails = compiledStatement('outbox_mails_claim_due', (db) =>
  db
    .update(outboxMails)
    .set({
      nextAttemptAt: sql`${sql.placeholder('leaseUntil')}`,
      attempts: sql`${outboxMails.attempts} + 1`,
    })
    .where(
      inArray(
        outboxMails.id,
        db
          .select({ id: outboxMails.id })
          .from(outboxMails)
          .where(
            and(
              eq(outboxMails.status, 'pending'),
              lte(outboxMails.nextAttemptAt, sql`${sql.placeholder('now')}`),
            ),
          )
          .orderBy(asc(outboxMails.nextAttemptAt))
          .limit(sql.placeholder('limit'))
          .for('update', { skipLocked: true }),
      ),
    )
    .returning(),
);

/** The outbox table: mails queued with the change that causes them, claimed and sent by a job. */
export function createOutboxRepository(
  db: Database,
  clock: Clock,
  /** Told of every mail queued (the unit of work nudges the job after its commit). */
  onEnqueued: () => void = () => undefined,
) {
  return {
    /**
     * Queue a mail; it becomes due at once. Call inside the change's own transaction. Files go
     * as references (`attachments`), made when the mail is sent; `message.attachments` is not
     * kept.
     */
    async enqueue(
      kind: string,
      message: MailMessage,
      attachments: OutboxAttachmentRecord[] = [],
    ): Promise<string> {
      const at = clock.now();
      const [row] = await insertMails(db, [
        {
          kind,
          recipient: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          attachments,
          nextAttemptAt: at,
          createdAt: at,
        },
      ]);
      onEnqueued();
      return row!.id;
    },

    /**
     * Add files to mails queued in the caller's transaction: a payment's confirmation is written
     * by its settler before the intake issues the invoice it carries (decision 082).
     */
    async attach(ids: string[], attachments: OutboxAttachmentRecord[]): Promise<void> {
      if (ids.length === 0 || attachments.length === 0) return;
      await db
        .update(outboxMails)
        .set({
          attachments: sql`${outboxMails.attachments} || ${JSON.stringify(attachments)}::jsonb`,
        })
        .where(and(inArray(outboxMails.id, ids), eq(outboxMails.status, 'pending')));
    },

    /**
     * Take up to `limit` due mails for sending. Rows another runner is claiming right now are
     * skipped (SKIP LOCKED), and each claimed row is leased until `leaseUntil`: no other runner
     * takes it before then, and if this runner dies mid-send the row becomes due again.
     */
    async claimDue(limit: number, leaseUntil: Date): Promise<OutboxMailRow[]> {
      return claimDueMails(db).execute({
        now: clock.now().toISOString(),
        leaseUntil: leaseUntil.toISOString(),
        limit,
      });
    },

    /** The mail was handed to the mail server: keep the record, drop the body. */
    async markSent(id: string): Promise<void> {
      await markMailSent(db).execute({ id, at: clock.now().toISOString() });
    },

    /** A try failed: due again at `retryAt`, or given up for good when `retryAt` is null. */
    async markFailedTry(id: string, error: string, retryAt: Date | null): Promise<void> {
      await db
        .update(outboxMails)
        .set(
          retryAt
            ? { lastError: error, nextAttemptAt: retryAt }
            : { lastError: error, status: 'failed' },
        )
        .where(and(eq(outboxMails.id, id), eq(outboxMails.status, 'pending')));
    },

    /** Every queued mail, oldest first (tests and operators). */
    async list(): Promise<OutboxMailRow[]> {
      return db.select().from(outboxMails).orderBy(asc(outboxMails.createdAt), asc(outboxMails.id));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
