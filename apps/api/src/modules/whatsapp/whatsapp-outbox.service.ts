import type { FastifyBaseLogger } from 'fastify';
import { WhatsAppSendError, type WhatsAppSender } from '../../adapters/whatsapp/whatsapp.js';
import { backoffMs, describeFailure } from '../../lib/backoff.js';
import type { Clock } from '../../lib/clock.js';
import type { WhatsAppRepository } from './whatsapp.repository.js';

/** Messages taken per run; a full batch makes the job run again at once. */
export const WHATSAPP_BATCH_SIZE = 20;
/** How long a claimed message is left to its runner before another may take it. */
export const WHATSAPP_LEASE_MS = 2 * 60_000;
/**
 * Tries before a message is given up: a booking update is news for now, and e-mail is the record
 * (DECISIONS.md), so a few tries over about 15 minutes, then it is left to the mail of the same
 * event, which is sent whatever becomes of the message.
 */
export const WHATSAPP_MAX_ATTEMPTS = 5;

/** Wait before try n+1 after n failed tries: 30 s, 1 min, 2 min, 4 min. */
export const whatsAppBackoffMs = (failedTries: number): number => backoffMs(failedTries);

export interface WhatsAppOutboxDeps {
  repository: WhatsAppRepository;
  sender: WhatsAppSender;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/**
 * Sends queued WhatsApp messages: the work of the whatsapp-outbox job (decision 085). A message is
 * claimed (leased, SKIP LOCKED, so two processes never take the same row), checked against the
 * shopper's opt-in as it stands now, handed to the provider, then recorded with the provider's
 * id. As in the mail outbox, a message handed over whose record failed (the database gone) is
 * remembered and recorded first thing in the next run, never handed over again by this process.
 * Logs name a message by its id, template and tries: never the number or the text.
 */
export function createWhatsAppOutbox({ repository, sender, clock, logger }: WhatsAppOutboxDeps) {
  /** Messages handed over and not yet recorded as sent: row id → provider message id. */
  const unrecorded = new Map<string, string>();

  async function recordSent(id: string, providerMessageId: string) {
    unrecorded.set(id, providerMessageId);
    await repository.markSent(id, providerMessageId);
    unrecorded.delete(id);
  }

  return {
    /** Send every due message of one batch; returns how many were taken. */
    async deliverDue(): Promise<number> {
      for (const [id, providerId] of [...unrecorded]) await recordSent(id, providerId);
      const claimed = await repository.claimDue(
        WHATSAPP_BATCH_SIZE,
        new Date(clock.now().getTime() + WHATSAPP_LEASE_MS),
      );
      // Oldest first: a shopper reads 'confirmed' before 'refund made' (the claim's own order
      // is not kept by UPDATE … RETURNING).
      claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      for (const row of claimed) {
        const fields = { whatsappId: row.id, template: row.template, attempts: row.attempts };
        if (!(await repository.mayStillSend(row))) {
          await repository.markFailedTry(row.id, 'opted out before it was sent', null);
          logger.info(fields, 'WhatsApp message dropped: its shopper opted out');
          continue;
        }
        let providerMessageId: string;
        try {
          providerMessageId = await sender.sendTemplate({
            id: row.id,
            to: row.phone,
            template: row.template,
            language: row.language === 'hi' ? 'hi' : 'en',
            params: row.params,
          });
        } catch (error) {
          const retryable = !(error instanceof WhatsAppSendError) || error.retryable;
          const givenUp = !retryable || row.attempts >= WHATSAPP_MAX_ATTEMPTS;
          const retryAt = givenUp
            ? null
            : new Date(clock.now().getTime() + whatsAppBackoffMs(row.attempts));
          await repository.markFailedTry(row.id, describeFailure(error), retryAt);
          if (givenUp) {
            logger.warn(
              { ...fields, error: describeFailure(error) },
              'WhatsApp message given up; the mail of the same event is the shopper’s copy',
            );
          } else {
            logger.warn(
              { ...fields, retryAt },
              'WhatsApp message not sent; it will be tried again',
            );
          }
          continue;
        }
        await recordSent(row.id, providerMessageId);
      }
      return claimed.length;
    },
  };
}

export type WhatsAppOutbox = ReturnType<typeof createWhatsAppOutbox>;
