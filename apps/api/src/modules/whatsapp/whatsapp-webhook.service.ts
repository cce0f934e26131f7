import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WHATSAPP_STOP_WORDS } from '@pehnava/shared';
import { indianMobileOf } from '../../adapters/whatsapp/whatsapp.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { WhatsAppDeliveryStatus, WhatsAppRepository } from './whatsapp.repository.js';

/** The part of the Cloud API's webhook payload read here (field 'messages'). */
interface WebhookPayload {
  object?: string;
  entry?: {
    changes?: {
      field?: string;
      value?: {
        statuses?: {
          id?: string;
          status?: string;
          timestamp?: string;
          recipient_id?: string;
          errors?: { code?: number; title?: string; message?: string }[];
        }[];
        messages?: { from?: string; id?: string; type?: string; text?: { body?: string } }[];
      };
    }[];
  }[];
}

const STATUSES = new Set<WhatsAppDeliveryStatus>(['sent', 'delivered', 'read', 'failed']);
const STOP_WORDS = new Set<string>(WHATSAPP_STOP_WORDS.map((word) => word.toLowerCase()));

/** What one webhook changed (tests and the log). */
export interface WebhookOutcome {
  statuses: number;
  optedOut: number;
}

/**
 * WhatsApp's webhooks (decision 085): the verification handshake, and signed deliveries of
 * message statuses and replies. A delivery is trusted only with a right `X-Hub-Signature-256`
 * (HMAC-SHA256 of the raw body with the app secret); a status moves its message forward only;
 * a reply 'STOP' turns updates off for every account with that number. Every part is idempotent:
 * WhatsApp delivers a webhook again until it is answered 200.
 */
export function createWhatsAppWebhooks({
  repository,
  appSecret,
  verifyToken,
  clock,
  logger,
}: {
  repository: WhatsAppRepository;
  /** Unset: every delivery is refused (no secret, no way to tell WhatsApp from anyone). */
  appSecret?: string;
  verifyToken?: string;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}) {
  function signatureMatches(rawBody: string, header: string | undefined): boolean {
    if (!appSecret || !header?.startsWith('sha256=')) return false;
    const expected = createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex');
    const received = header.slice('sha256='.length);
    return (
      received.length === expected.length &&
      timingSafeEqual(Buffer.from(received, 'utf8'), Buffer.from(expected, 'utf8'))
    );
  }

  return {
    /** GET: answers the challenge when the mode is 'subscribe' and the token is ours. */
    handshake(query: { mode?: string; token?: string; challenge?: string }): string {
      if (
        query.mode === 'subscribe' &&
        verifyToken &&
        query.token === verifyToken &&
        query.challenge !== undefined
      ) {
        return query.challenge;
      }
      throw new HttpError(403, 'Verification failed');
    },

    /** POST: a signed delivery. A wrong or missing signature is a 401 and changes nothing. */
    async receive(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
      if (!signatureMatches(rawBody, signature)) {
        logger.warn({}, 'WhatsApp webhook refused: wrong or missing signature');
        throw new HttpError(401, 'Invalid signature');
      }
      let payload: WebhookPayload;
      try {
        payload = JSON.parse(rawBody) as WebhookPayload;
      } catch {
        throw new HttpError(400, 'Invalid webhook body');
      }
      const outcome: WebhookOutcome = { statuses: 0, optedOut: 0 };
      for (const entry of payload.entry ?? []) {
        for (const change of entry.changes ?? []) {
          if (change.field !== 'messages' || !change.value) continue;
          for (const status of change.value.statuses ?? []) {
            const next = status.status as WhatsAppDeliveryStatus;
            if (!status.id || !STATUSES.has(next)) continue;
            const seconds = Number(status.timestamp);
            const at =
              Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : clock.now();
            const error = status.errors?.[0];
            const changed = await repository.applyStatus(
              status.id,
              next,
              at,
              error
                ? `${error.code ?? ''}: ${error.title ?? error.message ?? ''}`.slice(0, 300)
                : undefined,
            );
            if (changed) outcome.statuses += 1;
          }
          for (const message of change.value.messages ?? []) {
            if (message.type !== 'text') continue;
            const word = message.text?.body?.trim().toLowerCase() ?? '';
            const phone = message.from ? indianMobileOf(message.from) : undefined;
            if (!STOP_WORDS.has(word) || !phone) continue;
            outcome.optedOut += await repository.optOutNumber(phone);
          }
        }
      }
      if (outcome.optedOut > 0) {
        // The count only: never the number.
        logger.info({ accounts: outcome.optedOut }, 'WhatsApp updates turned off by a STOP reply');
      }
      return outcome;
    },
  };
}

export type WhatsAppWebhooks = ReturnType<typeof createWhatsAppWebhooks>;
