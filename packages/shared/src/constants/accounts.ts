/** Sign-up codes (DECISIONS.md 'Accounts'); the web app shows the same numbers. */
export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_RESEND_SECONDS = 60;
export const OTP_CODES_PER_HOUR = 5;
