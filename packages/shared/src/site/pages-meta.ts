import type { Product } from '../contracts/catalogue.js';
import { CATEGORY_INFO } from '../constants/categories.js';
import { formatRupees } from '../pricing/money.js';
import { HOME_META, SITE_NAME, type PageMeta } from './page-meta.js';

export const COLLECTION_META: PageMeta = {
  title: 'The Collection · Pehnava',
  description:
    'Lehengas, sarees, sherwanis, gowns and jewellery to rent by tier, type, occasion and colour.',
};
export const ABOUT_META: PageMeta = {
  title: 'About us · Pehnava',
  description:
    'Why Pehnava rents occasion wear: every piece cleaned, checked and delivered so you can dress for the day without buying.',
};
export const CONTACT_META: PageMeta = {
  title: 'Contact us · Pehnava',
  description: 'Call, write or visit Pehnava about a rental, a booking or a fit.',
};
export const TERMS_META: PageMeta = {
  title: 'Terms of Service · Pehnava',
  description:
    'The terms for renting from Pehnava: bookings, care of the outfit, returns and fees.',
};
export const WARRANTY_META: PageMeta = {
  title: 'Warranty Policy · Pehnava',
  description:
    'What Pehnava promises about the condition and fit of every rental, and the 24-hour window to report a problem.',
};
export const REFUND_META: PageMeta = {
  title: 'Refund and Cancellation · Pehnava',
  description:
    'When a Pehnava booking can be cancelled, what is refunded, and how long refunds take.',
};
export const LOGIN_META: PageMeta = {
  title: 'Login or sign up · Pehnava',
  description:
    'Log in to Pehnava, or create an account with a code sent to your e-mail, to rent occasion wear.',
};
export const PROFILE_META: PageMeta = {
  title: 'My profile · Pehnava',
  description: 'Your Pehnava account: details, plan and security.',
};
export const CART_META: PageMeta = {
  title: 'Your cart · Pehnava',
  description: 'The outfits you are about to rent, their dates and the total.',
};
export const PLACE_ORDER_META: PageMeta = {
  title: 'Checkout · Pehnava',
  description: 'Where to deliver your rental, damage protection if you want it, and payment.',
};
export const ORDERS_META: PageMeta = {
  title: 'My bookings · Pehnava',
  description: 'Your paid Pehnava bookings: their status, delivery and what you rented.',
};
export const CHOOSE_META: PageMeta = {
  title: 'Choose for your booking · Pehnava',
  description: 'A piece set aside for your booking may not be ready: choose what we send instead.',
};
export const VERIFY_META: PageMeta = {
  title: 'Confirming your payment · Pehnava',
  description: 'Pehnava is confirming your payment with the payment service.',
};
export const WISHLIST_META: PageMeta = {
  title: 'My wishlist · Pehnava',
  description: 'The outfits you have saved to rent later.',
};
export const NOTIFY_ME_META: PageMeta = {
  title: 'Notify me · Pehnava',
  description: 'The sizes you asked us to e-mail you about when they free up for your dates.',
};
export const PLANS_META: PageMeta = {
  title: 'Subscription plans · Pehnava',
  description:
    'Plus and Pro: 14-day rentals with whole price tiers free or half price, free delivery and priority support.',
};
export const NOT_FOUND_META: PageMeta = {
  title: 'Page not found · Pehnava',
  description: 'This page does not exist. Browse the collection instead.',
};
export const PRODUCT_FALLBACK_META: PageMeta = {
  title: 'Product · Pehnava',
  description: COLLECTION_META.description,
  type: 'product',
};

/** The pages with fixed words, by path. */
/** The operator console (/admin): its screens set their own titles once it has loaded. */
export const CONSOLE_META: PageMeta = {
  title: 'Pehnava Ops',
  description: "Pehnava's operator console, for the people who run the shop.",
};

/** /admin and every path under it. */
export const isConsolePath = (path: string): boolean => /^\/admin(\/|$)/.test(path);

export const STATIC_PAGE_META: Readonly<Record<string, PageMeta>> = {
  '/': HOME_META,
  '/collection': COLLECTION_META,
  '/about': ABOUT_META,
  '/contact': CONTACT_META,
  '/terms': TERMS_META,
  '/privacy': WARRANTY_META,
  '/refund': REFUND_META,
  '/login': LOGIN_META,
  '/profile': PROFILE_META,
  '/cart': CART_META,
  '/place-order': PLACE_ORDER_META,
  '/orders': ORDERS_META,
  '/verify': VERIFY_META,
  '/wishlist': WISHLIST_META,
  '/notify-me': NOTIFY_ME_META,
  '/subscription-plans': PLANS_META,
};

const DESCRIPTION_LIMIT = 160;

/** A description cut at a word to at most DESCRIPTION_LIMIT characters, with … when cut. */
export function describeWithin(full: string): string {
  return full.length <= DESCRIPTION_LIMIT
    ? full
    : `${full.slice(0, DESCRIPTION_LIMIT - 1).replace(/\s+\S*$/, '')}…`;
}

/** A product page's title, description and preview image. */
export function productPageMeta(product: Product): PageMeta {
  const tier = CATEGORY_INFO[product.category].name;
  const lead = `Rent from ${formatRupees(product.twoDayRentalPrice)} for 2 days (MRP ${formatRupees(product.mrp)}). ${tier} tier.`;
  return {
    title: `${product.name} on rent · ${SITE_NAME}`,
    description: describeWithin(`${lead} ${product.description}`),
    type: 'product',
    ...(product.images[0] ? { image: product.images[0] } : {}),
  };
}

/** The accessible name of a product's picture in its page's gallery: 'Name, image 1 of 3'. */
export const galleryImageAlt = (name: string, index: number, count: number): string =>
  `${name}, image ${index + 1} of ${count}`;

/** A product page's title, description and preview image in Hindi (its name and words as written). */
export function productPageMetaHi(product: Product): PageMeta {
  const tier = CATEGORY_INFO[product.category].name;
  const lead = `2 दिन के लिए ${formatRupees(product.twoDayRentalPrice)} से किराए पर (MRP ${formatRupees(product.mrp)})। ${tier} टियर।`;
  return {
    title: `${product.name} किराए पर · पहनावा`,
    description: describeWithin(`${lead} ${product.description}`),
    type: 'product',
    ...(product.images[0] ? { image: product.images[0] } : {}),
  };
}
