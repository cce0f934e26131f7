import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../constants/account-messages.js';

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

export const newPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, {
    error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  });

export const registerBodySchema = z.object({
  name: z
    .string({ error: ACCOUNT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.nameRequired })
    .max(100, { error: 'Name must be at most 100 characters long' }),
  email: emailSchema,
  password: newPasswordSchema,
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
  role: z.enum(['user', 'admin']),
  /** ISO 8601. */
  createdAt: z.iso.datetime({ offset: true }),
});
export type User = z.infer<typeof userSchema>;

export const profileResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** Only these three can be changed; anything else in the body (role, email…) is dropped. */
export const updateProfileBodySchema = z.object({
  name: z
    .string({ error: ACCOUNT_MESSAGES.nameEmpty })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.nameEmpty })
    .max(100, { error: 'Name must be at most 100 characters long' }),
  phone: z
    .string()
    .trim()
    .max(20, { error: 'Phone must be at most 20 characters long' })
    .default(''),
  address: z
    .string()
    .trim()
    .max(500, { error: 'Address must be at most 500 characters long' })
    .default(''),
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
