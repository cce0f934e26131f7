/**
 * What accounts say to a shopper (SPEC.md §5 and §8, DECISIONS.md 'Accounts'). Apart from
 * MESSAGES so the storefront's first bundle does not carry them.
 */
export const ACCOUNT_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailInvalid: 'Please enter a valid email address',
  /** SPEC.md §5: a phone number is exactly 10 digits. */
  phoneInvalid: 'Please enter a valid 10-digit phone number',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 256 characters long',
  passwordNotAllowed: 'Password contains characters that are not allowed',
  passwordRequired: 'Please enter your password',
  otpInvalidFormat: 'Please enter a valid 6-digit OTP',
  accountExists: 'An account with this email already exists. Please login.',
  otpSent: 'OTP sent to your email!',
  otpResendTooSoon: 'Please wait a minute before asking for a new code.',
  otpHourlyLimit: 'Too many codes requested for this email. Please try again in an hour.',
  otpNotRequested: 'No code is waiting for this email. Please sign up again.',
  otpExpired: 'This code has expired. Please request a new one.',
  otpWrong: 'Incorrect OTP. Please check the code and try again.',
  otpTooManyTries: 'Too many wrong tries. Please request a new code.',
  accountVerified: 'Account verified successfully!',
  loginFailed: 'Invalid email or password',
  loginSuccess: 'Login successful!',
  loginRequired: 'Please login to continue',
  sessionExpired: 'Session expired. Please login again.',
  nameEmpty: 'Name cannot be empty',
  profileUpdated: 'Profile updated',
  /** A GSTIN of the wrong shape, state code or check character (decision 081). */
  gstinInvalid: 'Enter a valid GSTIN (15 characters, e.g. 27AAPFU0939F1ZV)',
  /** The account's language (decision 086). */
  languageInvalid: "Choose the language as 'en' (English) or 'hi' (Hindi)",
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect',
  passwordChanged: 'Password changed',
  deletePasswordRequired: 'Please enter your password to confirm',
  deletePasswordWrong: 'That password is incorrect. Your account has not been deleted.',
  accountDeleted: 'Your account has been deleted',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  // Said by the web app (SPEC.md §4, §5, §8): fallbacks when the server gives no message are
  // '… failed' when it answered and '… error' when it could not be reached.
  loginFallback: 'Login failed',
  loginError: 'Login error',
  registerFallback: 'Registration failed',
  registerError: 'Registration error',
  otpFallback: 'OTP verification failed',
  otpError: 'OTP verification error',
  otpResendFailed: 'Failed to resend OTP',
  // Send OTP again (after Change Email) to an address that got a code less than a minute ago.
  otpAlreadySent: 'We sent you a code less than a minute ago. Enter it below.',
  otpSentWithEarlierDetails:
    'This code keeps the name and password you entered first. To use the new ones, resend the code when the countdown ends.',
  profileLoadFailed: 'Failed to load your profile',
  subscriptionLoadFailed: 'Failed to load your subscription',
  profileUpdateFailed: 'Failed to update profile',
  passwordChangeFailed: 'Failed to change password',
  deleteFailed: 'Failed to delete account',
  passwordsDoNotMatch: 'New passwords do not match',
  passwordResetSoon: 'Password reset feature coming soon!',
  loggedOut: 'Logged out successfully',
  deleteConfirm:
    'Are you absolutely sure? This action cannot be undone. All your data will be permanently deleted.',
} as const;
