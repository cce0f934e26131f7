import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  notExists,
  sql,
} from 'drizzle-orm';
import {
  WHATSAPP_TEMPLATES,
  type MessageLanguage,
  type WhatsAppTemplateKey,
} from '@pehnava/shared';
import type { Database } from '../../db/client.js';
import {
  bookingItems,
  bookings,
  unitReservations,
  users,
  whatsappMessages,
  whatsappVerifications,
} from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';

export type WhatsAppMessageRow = typeof whatsappMessages.$inferSelect;
export type WhatsAppVerificationRow = typeof whatsappVerifications.$inferSelect;
/** What the provider says became of a message, in the order a message goes through them. */
export type WhatsAppDeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** The shopper's WhatsApp settings, as the users table keeps them. */
export interface WhatsAppSettings {
  userId: string;
  name: string;
  whatsappPhone: string | null;
  whatsappOptedInAt: Date | null;
  language: MessageLanguage;
}

const VERIFICATION_TEMPLATE = WHATSAPP_TEMPLATES.verificationCode.name;

/**
 * How far along a status is: a status webhook moves a message only forward (a 'delivered' that
 * arrives after 'read' changes nothing), and 'failed' only from pending or sent.
 */
const rank = (status: WhatsAppDeliveryStatus | 'pending') =>
  ({ pending: 0, sent: 1, delivered: 2, read: 3, failed: 2 })[status];

/**
 * WhatsApp's tables (decision 085): the outbox of template messages, the codes that verify a
 * number, and the opt-in kept on the account.
 */
export function createWhatsAppRepository(
  db: Database,
  clock: Clock,
  /** Told of every message queued (the unit of work nudges the job after its commit). */
  onQueued: () => void = () => undefined,
) {
  async function settingsOf(userId: string): Promise<WhatsAppSettings | undefined> {
    const [row] = await db
      .select({
        userId: users.id,
        name: users.name,
        whatsappPhone: users.whatsappPhone,
        whatsappOptedInAt: users.whatsappOptedInAt,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row ? { ...row, language: row.language === 'hi' ? 'hi' : 'en' } : undefined;
  }

  async function insert(
    row: Pick<WhatsAppMessageRow, 'phone' | 'template' | 'language' | 'params' | 'eventKey'> & {
      userId: string;
    },
  ): Promise<string | undefined> {
    const at = clock.now();
    const [made] = await db
      .insert(whatsappMessages)
      .values({ ...row, nextAttemptAt: at, createdAt: at })
      .onConflictDoNothing({ target: whatsappMessages.eventKey })
      .returning({ id: whatsappMessages.id });
    if (made) onQueued();
    return made?.id;
  }

  return {
    settingsOf,

    /**
     * Queue a booking update for a shopper, in the caller's transaction, if they are opted in: in
     * their language, to their verified number. `eventKey` names the event; an event already
     * queued is not queued again (answers undefined then, and when the shopper is not opted in).
     */
    async queueForShopper(
      userId: string,
      eventKey: string,
      templateKey: WhatsAppTemplateKey,
      params: (language: MessageLanguage, name: string) => string[],
    ): Promise<string | undefined> {
      const settings = await settingsOf(userId);
      if (!settings?.whatsappOptedInAt || !settings.whatsappPhone) return undefined;
      const template = WHATSAPP_TEMPLATES[templateKey];
      return insert({
        userId,
        phone: settings.whatsappPhone,
        template: template.name,
        language: settings.language,
        params: params(settings.language, settings.name.split(/\s+/)[0] || settings.name),
        eventKey,
      });
    },

    /** Queue a verification code's message to a number not yet verified. */
    async queueCode(
      userId: string,
      phone: string,
      language: MessageLanguage,
      code: string,
      verificationId: string,
    ): Promise<string | undefined> {
      return insert({
        userId,
        phone,
        template: VERIFICATION_TEMPLATE,
        language,
        params: [code],
        eventKey: `verification:${verificationId}`,
      });
    },

    /**
     * Take up to `limit` due messages, leased until `leaseUntil`: rows another runner is claiming
     * are skipped (SKIP LOCKED), and a claimed row is not due again before its lease ends.
     */
    async claimDue(limit: number, leaseUntil: Date): Promise<WhatsAppMessageRow[]> {
      const now = clock.now();
      return db
        .update(whatsappMessages)
        .set({ nextAttemptAt: leaseUntil, attempts: sql`${whatsappMessages.attempts} + 1` })
        .where(
          inArray(
            whatsappMessages.id,
            db
              .select({ id: whatsappMessages.id })
              .from(whatsappMessages)
              .where(
                and(
                  eq(whatsappMessages.status, 'pending'),
                  lte(whatsappMessages.nextAttemptAt, now),
                ),
              )
              .orderBy(asc(whatsappMessages.nextAttemptAt))
              .limit(limit)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
    },

    /**
     * Whether a claimed message may still go: a verification code to the number it verifies, any
     * other message only while its shopper is opted in with that number.
     */
    async mayStillSend(row: WhatsAppMessageRow): Promise<boolean> {
      if (!row.userId) return false;
      if (row.template === VERIFICATION_TEMPLATE) return true;
      const settings = await settingsOf(row.userId);
      return Boolean(settings?.whatsappOptedInAt) && settings?.whatsappPhone === row.phone;
    },

    /** The provider took it: keep its id (status webhooks name it); a code's digits are dropped. */
    async markSent(id: string, providerMessageId: string): Promise<void> {
      const at = clock.now();
      await db
        .update(whatsappMessages)
        .set({
          status: 'sent',
          providerMessageId,
          sentAt: at,
          lastError: null,
          params: sql`case when ${whatsappMessages.template} = ${VERIFICATION_TEMPLATE} then '[]'::jsonb else ${whatsappMessages.params} end`,
        })
        .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'pending')));
    },

    /** A try failed: due again at `retryAt`, or given up for good (failed) when it is null. */
    async markFailedTry(id: string, error: string, retryAt: Date | null): Promise<void> {
      await db
        .update(whatsappMessages)
        .set(
          retryAt
            ? { lastError: error, nextAttemptAt: retryAt }
            : { lastError: error, status: 'failed', failedAt: clock.now() },
        )
        .where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'pending')));
    },

    /**
     * A status webhook: moves the message with this provider id forward, never back ('read' never
     * becomes 'delivered'; a failure only of a message not yet delivered). Answers whether it
     * changed anything (a repeated or late status does not).
     */
    async applyStatus(
      providerMessageId: string,
      status: WhatsAppDeliveryStatus,
      at: Date,
      error?: string,
    ): Promise<boolean> {
      const earlier = (['pending', 'sent', 'delivered', 'read'] as const).filter(
        (s) => rank(s) < rank(status) && !(status === 'failed' && s === 'delivered'),
      );
      const stamp =
        status === 'sent'
          ? { sentAt: sql`coalesce(${whatsappMessages.sentAt}, ${at.toISOString()}::timestamptz)` }
          : status === 'delivered'
            ? { deliveredAt: at }
            : status === 'read'
              ? {
                  readAt: at,
                  deliveredAt: sql`coalesce(${whatsappMessages.deliveredAt}, ${at.toISOString()}::timestamptz)`,
                }
              : { failedAt: at, lastError: error ?? 'failed' };
      const changed = await db
        .update(whatsappMessages)
        .set({ status, ...stamp })
        .where(
          and(
            eq(whatsappMessages.providerMessageId, providerMessageId),
            inArray(whatsappMessages.status, earlier),
          ),
        )
        .returning({ id: whatsappMessages.id });
      return changed.length > 0;
    },

    /** Every account with this number stops getting messages; answers how many were on. */
    async optOutNumber(phone: string): Promise<number> {
      const changed = await db
        .update(users)
        .set({ whatsappPhone: null, whatsappOptedInAt: null })
        .where(and(eq(users.whatsappPhone, phone), isNotNull(users.whatsappOptedInAt)))
        .returning({ id: users.id });
      return changed.length;
    },

    /** The shopper turns updates off: the number and the opt-in go. */
    async optOut(userId: string): Promise<void> {
      await db
        .update(users)
        .set({ whatsappPhone: null, whatsappOptedInAt: null })
        .where(eq(users.id, userId));
    },

    async setLanguage(userId: string, language: MessageLanguage): Promise<void> {
      await db.update(users).set({ language }).where(eq(users.id, userId));
    },

    /** The codes asked for since `since`, newest first (the resend and hourly limits). */
    async codesSince(userId: string, since: Date): Promise<WhatsAppVerificationRow[]> {
      return db
        .select()
        .from(whatsappVerifications)
        .where(
          and(
            eq(whatsappVerifications.userId, userId),
            gte(whatsappVerifications.createdAt, since),
          ),
        )
        .orderBy(desc(whatsappVerifications.createdAt));
    },

    /** A new code voids any code still waiting for this shopper. Run in a transaction. */
    async replaceCode(
      code: Pick<WhatsAppVerificationRow, 'userId' | 'phone' | 'codeHash' | 'expiresAt'>,
    ): Promise<WhatsAppVerificationRow> {
      const at = clock.now();
      await db
        .update(whatsappVerifications)
        .set({ voidedAt: at })
        .where(
          and(
            eq(whatsappVerifications.userId, code.userId),
            isNull(whatsappVerifications.consumedAt),
            isNull(whatsappVerifications.voidedAt),
          ),
        );
      const [row] = await db
        .insert(whatsappVerifications)
        .values({ ...code, createdAt: at })
        .returning();
      return row!;
    },

    /** The code waiting for this shopper: not used, not voided (it may have expired). */
    async waitingCode(userId: string): Promise<WhatsAppVerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(whatsappVerifications)
        .where(
          and(
            eq(whatsappVerifications.userId, userId),
            isNull(whatsappVerifications.consumedAt),
            isNull(whatsappVerifications.voidedAt),
          ),
        )
        .orderBy(desc(whatsappVerifications.createdAt))
        .limit(1);
      return row;
    },

    /** Count a wrong try in one statement; the try that reaches `maxTries` voids the code. */
    async recordWrongTry(id: string, maxTries: number): Promise<{ voided: boolean }> {
      const at = clock.now();
      const [row] = await db
        .update(whatsappVerifications)
        .set({
          attempts: sql`${whatsappVerifications.attempts} + 1`,
          voidedAt: sql`case when ${whatsappVerifications.attempts} + 1 >= ${maxTries} then ${at.toISOString()}::timestamptz else null end`,
        })
        .where(
          and(
            eq(whatsappVerifications.id, id),
            isNull(whatsappVerifications.consumedAt),
            isNull(whatsappVerifications.voidedAt),
          ),
        )
        .returning({ voidedAt: whatsappVerifications.voidedAt });
      return { voided: row ? row.voidedAt !== null : true };
    },

    /**
     * Use the code and turn updates on for its number, in one statement each (run in a
     * transaction). False when the code was used or voided meanwhile (nothing changes).
     */
    async consumeAndOptIn(code: WhatsAppVerificationRow): Promise<boolean> {
      const at = clock.now();
      const [used] = await db
        .update(whatsappVerifications)
        .set({ consumedAt: at })
        .where(
          and(
            eq(whatsappVerifications.id, code.id),
            isNull(whatsappVerifications.consumedAt),
            isNull(whatsappVerifications.voidedAt),
          ),
        )
        .returning({ id: whatsappVerifications.id });
      if (!used) return false;
      await db
        .update(users)
        .set({ whatsappPhone: code.phone, whatsappOptedInAt: at })
        .where(eq(users.id, code.userId));
      return true;
    },

    /**
     * Bookings of shoppers opted in with a line ending on `endDate` whose piece is out, and no
     * 'due back' message queued for that booking and date yet: the reminders job's work.
     */
    async dueBackOn(endDate: string, limit: number): Promise<{ id: string; userId: string }[]> {
      return db
        .selectDistinct({ id: bookings.id, userId: users.id })
        .from(bookingItems)
        .innerJoin(unitReservations, eq(unitReservations.bookingItemId, bookingItems.id))
        .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
        .innerJoin(users, eq(users.id, bookings.userId))
        .where(
          and(
            eq(bookingItems.endDate, endDate),
            isNotNull(unitReservations.dispatchedAt),
            isNull(unitReservations.returnedAt),
            isNotNull(users.whatsappOptedInAt),
            notExists(
              db
                .select({ one: sql`1` })
                .from(whatsappMessages)
                .where(
                  eq(
                    whatsappMessages.eventKey,
                    sql`'booking:' || ${bookings.id} || ':due-back:' || ${endDate}`,
                  ),
                ),
            ),
          ),
        )
        .limit(limit);
    },

    /** Every message, oldest first (tests and operators). */
    async list(): Promise<WhatsAppMessageRow[]> {
      return db
        .select()
        .from(whatsappMessages)
        .orderBy(asc(whatsappMessages.createdAt), asc(whatsappMessages.id));
    },
  };
}

export type WhatsAppRepository = ReturnType<typeof createWhatsAppRepository>;
