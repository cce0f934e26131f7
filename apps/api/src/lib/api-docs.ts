import { errorResponseSchema } from '@pehnava/shared';

/** What each error status means on this API (docs/architecture.md, 'Errors'). */
const ERROR_MEANINGS = {
  400: 'The request is not valid; the message says what to fix',
  401: 'No session token, or one that has expired or was ended',
  403: 'Signed in, but not allowed: staff only',
  404: 'Nothing found at this address',
  409: 'A conflict: an account that exists already, an item already in the cart, no unit free for those dates',
  413: 'The body is too large',
  415: 'The body is not JSON',
  422: 'The file sent cannot be taken (a review photo of another type, too large or unreadable)',
  429: 'Too many tries; Retry-After says when to try again',
  502: 'A service Pehnava relies on refused the request (the mail server, or the payment service opening a payment); nothing was charged or held',
  503: 'The payment service cannot be reached; nothing was charged or held; try again shortly',
} as const;

export type DocumentedErrorStatus = keyof typeof ERROR_MEANINGS;

/** Route schema `response` entries for these error statuses: `{ success: false, message }`. */
export function errorResponses(...statuses: DocumentedErrorStatus[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, errorResponseSchema.describe(ERROR_MEANINGS[status])]),
  );
}

/** The name of the bearer-token scheme in the API reference. */
export const BEARER_SCHEME = 'bearerAuth';

/** A route schema's `security` for routes that need a signed-in shopper. */
export const NEEDS_SESSION = [{ [BEARER_SCHEME]: [] }];

/** The scheme of WhatsApp's signed webhook deliveries (decision 085). */
export const WHATSAPP_SIGNATURE_SCHEME = 'whatsappSignature';

/** A route schema's `security` for WhatsApp's webhook deliveries. */
export const SIGNED_BY_WHATSAPP = [{ [WHATSAPP_SIGNATURE_SCHEME]: [] }];

/** The reference's groups, in the order it shows them. */
export const API_TAGS = [
  { name: 'Catalogue', description: 'Products and their filters. Public.' },
  {
    name: 'Accounts',
    description:
      'Sign-up with an e-mail code, login, profile, password and deletion. Login, register and verify-otp are rate-limited.',
  },
  { name: 'Subscriptions', description: 'Plans (public) and the shopper’s current plan.' },
  { name: 'Cart', description: 'The shopper’s cart, priced by the server.' },
  { name: 'Wishlist', description: 'The shopper’s saved products.' },
  {
    name: 'Reviews',
    description: 'Reviews with fit: read by anyone, written by a rental’s shopper once it is back.',
  },
  {
    // One word: the reference's sections are addressed by tag (#operations-tag-…).
    name: 'Waitlist',
    description:
      '‘Notify me’: requests to be e-mailed when a size taken for chosen dates comes free.',
  },
  { name: 'Coupons', description: 'Coupons applied to the shopper’s own cart.' },
  {
    name: 'WhatsApp',
    description:
      'Booking updates on WhatsApp: the shopper’s opt-in with a code sent over WhatsApp, and WhatsApp’s signed webhook.',
  },
  {
    name: 'Bookings',
    description:
      'Availability (public), checkout, payment verification and the shopper’s bookings. Prices are always the server’s.',
  },
  {
    name: 'Delivery',
    description: 'Pincodes: whether the shop delivers there and how long a parcel takes. Public.',
  },
  {
    name: 'Payments',
    description:
      'What a front end needs to take a payment, the provider’s webhooks, and the sandbox gateway’s checkout.',
  },
  {
    name: 'Admin',
    description: 'Booking operations for the shop’s staff (role admin): a shopper gets 403.',
  },
  { name: 'Site', description: 'Brand and contact details, and the service’s health.' },
  { name: 'Development', description: 'The development mailbox; absent in production.' },
];
