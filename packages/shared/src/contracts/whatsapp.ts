import { z } from 'zod';
import { INDIAN_MOBILE, MESSAGE_LANGUAGES, WHATSAPP_MESSAGES } from '../constants/whatsapp.js';

/** A shopper's language for messages and mails (decision 085): `en` or `hi`. */
export const messageLanguageSchema = z.enum(MESSAGE_LANGUAGES);

/** An Indian mobile number: 10 digits starting 6 to 9 (spaces around it are dropped). */
export const whatsAppPhoneSchema = z
  .string({ error: WHATSAPP_MESSAGES.invalidPhone })
  .trim()
  .regex(INDIAN_MOBILE, { error: WHATSAPP_MESSAGES.invalidPhone });

/** POST /api/user/whatsapp/start: send a code to this number over WhatsApp. */
export const whatsAppStartBodySchema = z.object({
  phone: whatsAppPhoneSchema,
  /** The language of the code's message and of later updates; unset keeps the account's. */
  language: messageLanguageSchema.optional(),
});
export type WhatsAppStartBody = z.infer<typeof whatsAppStartBodySchema>;

/** POST /api/user/whatsapp/verify: the code the shopper received. */
export const whatsAppVerifyBodySchema = z.object({
  code: z
    .string({ error: WHATSAPP_MESSAGES.invalidCode })
    .trim()
    .regex(/^\d{6}$/, { error: WHATSAPP_MESSAGES.invalidCode }),
});
export type WhatsAppVerifyBody = z.infer<typeof whatsAppVerifyBodySchema>;

/**
 * Booking updates on WhatsApp for the signed-in shopper: off; pending (a code was sent to
 * `pendingPhone` and is still valid); on (updates go to `phone`, since `optedInAt`).
 */
export const whatsAppStatusSchema = z.object({
  state: z.enum(['off', 'pending', 'on']),
  phone: z.string().nullable(),
  pendingPhone: z.string().nullable(),
  optedInAt: z.string().nullable(),
  language: messageLanguageSchema,
});
export type WhatsAppStatus = z.infer<typeof whatsAppStatusSchema>;

export const whatsAppStatusResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  whatsapp: whatsAppStatusSchema,
});
export type WhatsAppStatusResponse = z.infer<typeof whatsAppStatusResponseSchema>;
