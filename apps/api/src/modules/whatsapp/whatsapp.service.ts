import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  WHATSAPP_CODES_PER_HOUR,
  WHATSAPP_CODE_MAX_WRONG_TRIES,
  WHATSAPP_CODE_RESEND_SECONDS,
  WHATSAPP_CODE_VALID_MINUTES,
  WHATSAPP_MESSAGES,
  type WhatsAppStartBody,
  type WhatsAppStatus,
  type WhatsAppVerifyBody,
} from '@pehnava/shared';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import { HttpError, badRequest, serviceUnavailable, unauthorized } from '../../lib/http-error.js';
import type { WhatsAppRepository } from './whatsapp.repository.js';

const MINUTE_MS = 60_000;

export interface WhatsAppOptInDeps {
  repository: WhatsAppRepository;
  uow: UnitOfWork;
  /** Keys the code hashes, as the e-mail codes' (a leaked table cannot be tried offline). */
  codeKey: string;
  clock: Clock;
  /** False when WHATSAPP_PROVIDER=off: nothing can be sent, so nothing can be turned on. */
  enabled: boolean;
}

/**
 * A shopper's booking updates on WhatsApp (decision 085): turned on by a code sent over WhatsApp
 * to the number (kept like the e-mail codes: hashed, 10 minutes, 5 wrong tries, one a minute and
 * 5 an hour), turned off on the profile or by replying STOP (the webhook).
 */
export function createWhatsAppOptIn({
  repository,
  uow,
  codeKey,
  clock,
  enabled,
}: WhatsAppOptInDeps) {
  const hashCode = (userId: string, phone: string, code: string) =>
    createHmac('sha256', codeKey)
      .update(`whatsapp\u0000${userId}\u0000${phone}\u0000${code}`)
      .digest('base64url');
  const sameHash = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  async function status(userId: string): Promise<WhatsAppStatus> {
    const settings = await repository.settingsOf(userId);
    if (!settings) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
    const waiting = await repository.waitingCode(userId);
    const pending =
      waiting && waiting.expiresAt.getTime() > clock.now().getTime() ? waiting.phone : null;
    const on = settings.whatsappOptedInAt !== null && settings.whatsappPhone !== null;
    return {
      state: on ? 'on' : pending ? 'pending' : 'off',
      phone: on ? settings.whatsappPhone : null,
      pendingPhone: pending,
      optedInAt: on ? settings.whatsappOptedInAt!.toISOString() : null,
      language: settings.language,
    };
  }

  return {
    status,

    /** Send a code to the number over WhatsApp (through the outbox, after commit). */
    async start(userId: string, { phone, language }: WhatsAppStartBody): Promise<WhatsAppStatus> {
      if (!enabled) throw serviceUnavailable(WHATSAPP_MESSAGES.unavailable);
      const settings = await repository.settingsOf(userId);
      if (!settings) throw unauthorized(ACCOUNT_MESSAGES.sessionExpired);
      const at = clock.now();
      const recent = await repository.codesSince(userId, new Date(at.getTime() - 60 * MINUTE_MS));
      const latest = recent[0];
      if (
        latest &&
        at.getTime() - latest.createdAt.getTime() < WHATSAPP_CODE_RESEND_SECONDS * 1000
      ) {
        throw new HttpError(429, WHATSAPP_MESSAGES.resendTooSoon, WHATSAPP_CODE_RESEND_SECONDS);
      }
      if (recent.length >= WHATSAPP_CODES_PER_HOUR) {
        throw new HttpError(429, WHATSAPP_MESSAGES.hourlyLimit);
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const messageLanguage = language ?? settings.language;
      await uow.run(async (tx) => {
        if (language && language !== settings.language) {
          await tx.whatsapp.setLanguage(userId, language);
        }
        const made = await tx.whatsapp.replaceCode({
          userId,
          phone,
          codeHash: hashCode(userId, phone, code),
          expiresAt: new Date(at.getTime() + WHATSAPP_CODE_VALID_MINUTES * MINUTE_MS),
        });
        await tx.whatsapp.queueCode(userId, phone, messageLanguage, code, made.id);
      });
      return status(userId);
    },

    /** A right, fresh code turns updates on for its number. */
    async verify(userId: string, { code }: WhatsAppVerifyBody): Promise<WhatsAppStatus> {
      const waiting = await repository.waitingCode(userId);
      if (!waiting) throw badRequest(WHATSAPP_MESSAGES.notRequested);
      if (waiting.expiresAt.getTime() <= clock.now().getTime()) {
        throw badRequest(WHATSAPP_MESSAGES.codeExpired);
      }
      if (!sameHash(waiting.codeHash, hashCode(userId, waiting.phone, code))) {
        const { voided } = await repository.recordWrongTry(
          waiting.id,
          WHATSAPP_CODE_MAX_WRONG_TRIES,
        );
        throw badRequest(voided ? WHATSAPP_MESSAGES.tooManyTries : WHATSAPP_MESSAGES.codeWrong);
      }
      const used = await uow.run((tx) => tx.whatsapp.consumeAndOptIn(waiting));
      if (!used) throw badRequest(WHATSAPP_MESSAGES.notRequested);
      return status(userId);
    },

    /** Updates off: the number is forgotten; messages still queued are not sent. */
    async optOut(userId: string): Promise<WhatsAppStatus> {
      await repository.optOut(userId);
      return status(userId);
    },
  };
}

export type WhatsAppOptIn = ReturnType<typeof createWhatsAppOptIn>;
