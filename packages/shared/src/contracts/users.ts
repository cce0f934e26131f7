import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../constants/account-messages.js';
import { USER_ROLES } from '../constants/states.js';
import { MESSAGE_LANGUAGES } from '../constants/whatsapp.js';
import { isValidGstin } from '../tax/gstin.js';
import { hasDisallowedCharacters, textField } from './text-field.js';

/** E-mails are trimmed and compared case-insensitively: 'A@x.in' and 'a@x.in' are one account. */
export const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: ACCOUNT_MESSAGES.emailInvalid })
      .max(254, { error: ACCOUNT_MESSAGES.emailInvalid }),
  );

export const MIN_PASSWORD_LENGTH = 8;
/** argon2 hashes anything, but an unbounded input is a free way to burn the server's CPU. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * A password being chosen. Passwords are secrets, not text fields (docs/decisions/020): never
 * trimmed or normalised, compared exactly, never stored or shown; but a new one may not hold a
 * character no keyboard types (a control character, an override, a lone surrogate). Passwords
 * given at login or to confirm are only compared, so they take any string up to the maximum (an
 * older account's password keeps working).
 */
export const newPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooLong })
  .refine((password) => !hasDisallowedCharacters(password), {
    error: ACCOUNT_MESSAGES.passwordNotAllowed,
  });

const MAX_NAME_LENGTH = 100;

/** SPEC.md §5: a phone number is exactly 10 digits (spaces around it are dropped). */
export const phoneSchema = textField({
  label: 'Phone',
  max: 10,
  required: false,
  messages: { tooLong: ACCOUNT_MESSAGES.phoneInvalid },
}).refine((phone) => phone === '' || /^[0-9]{10}$/.test(phone), {
  error: ACCOUNT_MESSAGES.phoneInvalid,
});

/**
 * A GSTIN as a shopper types it (decision 081): spaces around it dropped, upper-cased, then
 * checked for its shape, state code (01–38) and check character.
 */
export const gstinSchema = z
  .string({ error: ACCOUNT_MESSAGES.gstinInvalid })
  .trim()
  .toUpperCase()
  .refine(isValidGstin, { error: ACCOUNT_MESSAGES.gstinInvalid });

/** The shopper's language for the shop's words, mails and messages (decision 086). */
export const accountLanguageSchema = z.enum(MESSAGE_LANGUAGES, {
  error: ACCOUNT_MESSAGES.languageInvalid,
});

export const registerBodySchema = z.object({
  name: textField({
    label: 'Name',
    max: MAX_NAME_LENGTH,
    messages: { required: ACCOUNT_MESSAGES.nameRequired, notText: ACCOUNT_MESSAGES.nameRequired },
  }),
  email: emailSchema,
  password: newPasswordSchema,
  /** Optional; kept with the pending sign-up and given to the account it creates. */
  phone: phoneSchema.optional(),
  /**
   * Optional, 'en' when left out: the language of the code's mail, given to the account it creates
   * (the shop sends the page's).
   */
  language: accountLanguageSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const OTP_LENGTH = 6;

export const verifyOtpBodySchema = z.object({
  email: emailSchema,
  otp: z.string({ error: ACCOUNT_MESSAGES.otpInvalidFormat }).regex(/^\d{6}$/, {
    error: ACCOUNT_MESSAGES.otpInvalidFormat,
  }),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
    .max(MAX_PASSWORD_LENGTH, { error: ACCOUNT_MESSAGES.loginFailed }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const messageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const tokenResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  message: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** A shopper's account as the API shows it (SPEC.md §3); never the password. */
export const userSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  role: z.enum(USER_ROLES),
  /** The shopper's GSTIN, printed on their tax invoices; null when they gave none. */
  gstin: z.string().nullable(),
  /** The language of the shop's mails and messages to the shopper: 'en' or 'hi'. */
  language: accountLanguageSchema,
  /** ISO 8601. */
  createdAt: z.iso.datetime({ offset: true }),
});
export type User = z.infer<typeof userSchema>;

export const profileResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * Only these can be changed; anything else in the body (role, email…) is dropped. A field left out
 * keeps its value; an empty phone, address or GSTIN clears it (a name cannot be emptied). The
 * profile's phone and address are free text (SPEC.md §5); the address may have several lines. A
 * GSTIN is checked (gstinSchema) and kept upper-case.
 */
export const updateProfileBodySchema = z.object({
  name: textField({
    label: 'Name',
    max: MAX_NAME_LENGTH,
    messages: { required: ACCOUNT_MESSAGES.nameEmpty },
  }).optional(),
  phone: textField({ label: 'Phone', max: 20, required: false }).optional(),
  address: textField({ label: 'Address', max: 500, required: false, multiline: true }).optional(),
  gstin: z
    .string({ error: ACCOUNT_MESSAGES.gstinInvalid })
    .trim()
    .toUpperCase()
    .refine((gstin) => gstin === '' || isValidGstin(gstin), {
      error: ACCOUNT_MESSAGES.gstinInvalid,
    })
    .optional(),
  /** The shopper's language (the shop's language switch sets it for a signed-in shopper). */
  language: accountLanguageSchema.optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const updateProfileResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
  message: z.string(),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.currentPasswordRequired })
    .max(MAX_PASSWORD_LENGTH, { error: ACCOUNT_MESSAGES.currentPasswordWrong }),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * A password change ends every session, this one included, so the answer carries a new token for
 * the shopper who made the change (SPEC.md's {success, message} plus token).
 */
export const changePasswordResponseSchema = tokenResponseSchema;

export const deleteAccountBodySchema = z.object({
  password: z
    .string({ error: ACCOUNT_MESSAGES.deletePasswordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.deletePasswordRequired })
    .max(MAX_PASSWORD_LENGTH, { error: ACCOUNT_MESSAGES.deletePasswordWrong }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
