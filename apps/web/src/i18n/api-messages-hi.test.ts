import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCOUNT_MESSAGES,
  ADMIN_COUPON_MESSAGES,
  ADMIN_MESSAGES,
  AT_RISK_MESSAGES,
  BACKUP_MESSAGES,
  BOOKING_MESSAGES,
  CATALOGUE_ADMIN_MESSAGES,
  CHARGE_MESSAGES,
  CONFLICT_KIND_MESSAGES,
  CONSTRAINT_CONFLICT_MESSAGES,
  COUPON_MESSAGES,
  CUSTOMER_MESSAGES,
  DELIVERY_MESSAGES,
  EXTENSION_MESSAGES,
  FIELD_MESSAGES,
  FIT_MESSAGES,
  FREE_RENTAL_TEXT,
  FULFILMENT_MESSAGES,
  MESSAGES,
  NOTIFY_ME_MESSAGES,
  PINCODE_MESSAGES,
  PLAN_PRICE_LABELS,
  PRODUCT_SEARCH_MESSAGES,
  REVIEW_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  WHATSAPP_MESSAGES,
  formatIsoDate,
  formatRupees,
} from '@pehnava/shared';
import { describe, expect, it } from 'vitest';
import { NOTIFY_ME_FALLBACKS } from '../features/notify-me/api';
import translate from './api-messages-hi';
import { hindiDate } from './api-messages-hi-kit';
import { EXTENSION_REFUSED_REASONS, PLAIN, SHAPES } from './api-messages-hi-table';
import hindiNotifyMe from './catalogues/hi/notify-me.json';

// The Hindi of the API's and the shared rules' messages (decision 086). The Hindi chunk writes
// the English out instead of importing it (so it shares no module with the English pages), and
// this test keeps the two in step: every plain message of the groups covered has its Hindi, each
// message made from values is matched for real values and says them in its Hindi, the console's
// messages are left in English, no English in the table is one nobody says any more, and a text
// the table does not know is left alone.

const DEVANAGARI = /[\u0900-\u097F]/;

interface Group {
  readonly name: string;
  readonly english: Readonly<Record<string, unknown>>;
  /** Its members only the operator console shows: no Hindi, the console stays English. */
  readonly skipped: readonly string[];
}

const group = <Members extends object>(
  name: string,
  english: Members,
  skipped: readonly (keyof Members & string)[] = [],
): Group => ({ name, english: english as Readonly<Record<string, unknown>>, skipped });

/**
 * The answer to a payment that could not extend a rental, as the API joins its two messages
 * (apps/api's extension.service.ts): refused, and the reason by its code.
 */
const EXTENSION_REFUSED_WHY = {
  refusedWhy: (why: string): string => `${EXTENSION_MESSAGES.refused} Why: ${why}.`,
};

/** Every group the shopper meets, with its members the shopper does not. */
const COVERED: readonly Group[] = [
  group('MESSAGES', MESSAGES),
  group('ACCOUNT_MESSAGES', ACCOUNT_MESSAGES),
  group('BOOKING_MESSAGES', BOOKING_MESSAGES),
  group('COUPON_MESSAGES', COUPON_MESSAGES),
  group('DELIVERY_MESSAGES', DELIVERY_MESSAGES),
  group('EXTENSION_MESSAGES', EXTENSION_MESSAGES),
  group('EXTENSION_MESSAGES.refused Why', EXTENSION_REFUSED_WHY),
  group('FIT_MESSAGES', FIT_MESSAGES),
  group('NOTIFY_ME_MESSAGES', NOTIFY_ME_MESSAGES),
  group('PINCODE_MESSAGES', PINCODE_MESSAGES, [
    'prefixInvalid',
    'prefixCoversNone',
    'prefixCoversWarehouse',
    'prefixListed',
    'prefixCoveredBy',
    'prefixInConfiguration',
    'prefixNotListed',
    'prefixAdded',
    'prefixRemoved',
    'prefixRemovedStillCovered',
  ]),
  group('REVIEW_MESSAGES', REVIEW_MESSAGES, [
    'reason',
    'hidden',
    'alreadyHidden',
    'unhidden',
    'notHidden',
    'status',
  ]),
  group('SUBSCRIPTION_MESSAGES', SUBSCRIPTION_MESSAGES),
  group('WHATSAPP_MESSAGES', WHATSAPP_MESSAGES),
  group('AT_RISK_MESSAGES', AT_RISK_MESSAGES),
  group('BACKUP_MESSAGES', BACKUP_MESSAGES, ['sealQuestion', 'sealAnswerNeeded', 'sealNotAsked']),
  group('CHARGE_MESSAGES', CHARGE_MESSAGES, [
    'replacedByPurchase',
    'backOn',
    'damageAboveCap',
    'damageAmountInvalid',
    'damageAmountNotAsked',
    'chargeNotFound',
    'waived',
    'alreadyWaived',
    'paidNotWaived',
    'balanceRefusedReason',
  ]),
  group('CONSTRAINT_CONFLICT_MESSAGES', CONSTRAINT_CONFLICT_MESSAGES),
  group('CONFLICT_KIND_MESSAGES', CONFLICT_KIND_MESSAGES),
  group('PRODUCT_SEARCH_MESSAGES', PRODUCT_SEARCH_MESSAGES),
  group('PLAN_PRICE_LABELS', PLAN_PRICE_LABELS),
  group('FREE_RENTAL_TEXT', { FREE_RENTAL_TEXT }),
  group('FIELD_MESSAGES', FIELD_MESSAGES),
];

/** The groups only the operator console shows, none of them in the table. */
const CONSOLE_ONLY: readonly Group[] = [
  group('ADMIN_MESSAGES', ADMIN_MESSAGES),
  group('ADMIN_COUPON_MESSAGES', ADMIN_COUPON_MESSAGES),
  group('CATALOGUE_ADMIN_MESSAGES', CATALOGUE_ADMIN_MESSAGES),
  group('CUSTOMER_MESSAGES', CUSTOMER_MESSAGES),
  group('FULFILMENT_MESSAGES', FULFILMENT_MESSAGES),
];

/**
 * The English of the web app's own fallbacks that it shows as an error's message, read from where
 * they are written: the site's details (features/site/api.ts, its apiGet's fallback) and notify
 * me's (NOTIFY_ME_FALLBACKS).
 */
const siteApi = readFileSync(join(import.meta.dirname, '../features/site/api.ts'), 'utf8');
const contactFailed = /apiGet<SiteInfoResponse>\(\s*'\/site',\s*'([^']+)'/.exec(siteApi)?.[1];

/** The web app's own texts, with the Hindi each must have. */
const WEB_TEXTS: readonly (readonly [english: string, hindi: string])[] = [
  [contactFailed ?? '(features/site/api.ts has no fallback)', 'संपर्क की जानकारी लोड नहीं हो सकी'],
  ...Object.entries(NOTIFY_ME_FALLBACKS).map(
    ([key, english]) => [english, hindiNotifyMe[key as keyof typeof NOTIFY_ME_FALLBACKS]] as const,
  ),
];

/** The texts a member stands for: itself, or a record's texts (reasons by their code). */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).filter((text) => typeof text === 'string')
      : [];

/** Each group's members, with their English, the shopper's or the console's. */
const membersOf = (groups: readonly Group[], which: 'shopper' | 'console') =>
  groups.flatMap(({ name, english, skipped }) =>
    Object.entries(english)
      .filter(([key]) => skipped.includes(key) === (which === 'console'))
      .map(([key, value]) => ({ id: `${name}.${key}`, value })),
  );
const members = membersOf(COVERED, 'shopper');
const consoleMembers = [...membersOf(COVERED, 'console'), ...membersOf(CONSOLE_ONLY, 'shopper')];

/** A message made from values: the English as the API writes it, and the Hindi expected. */
type Case = readonly [english: string, hindi: string];

const lehenga = 'Banarasi Silk Lehenga';
const sherwani = 'Ivory Sherwani';
const saturday = formatIsoDate('2026-12-12');

/** Real values for each function message, by `GROUP.key`. */
const FUNCTION_CASES: Readonly<Record<string, readonly Case[]>> = {
  'BOOKING_MESSAGES.paymentFailed': [
    [
      BOOKING_MESSAGES.paymentFailed('Your card was declined'),
      'भुगतान नहीं हो सका: Your card was declined',
    ],
    [
      BOOKING_MESSAGES.paymentFailed('Bank (HDFC) said: try $1 or 2.0 later'),
      'भुगतान नहीं हो सका: Bank (HDFC) said: try $1 or 2.0 later',
    ],
  ],
  'BOOKING_MESSAGES.itemTaken': [
    [BOOKING_MESSAGES.itemTaken(lehenga, 'M'), `${lehenga} (M) अब इन तारीख़ों के लिए उपलब्ध नहीं है`],
    [
      BOOKING_MESSAGES.itemTaken(sherwani, 'Free Size'),
      `${sherwani} (Free Size) अब इन तारीख़ों के लिए उपलब्ध नहीं है`,
    ],
  ],
  'BOOKING_MESSAGES.tooManyItems': [
    [BOOKING_MESSAGES.tooManyItems(20), 'एक ऑर्डर में ज़्यादा से ज़्यादा 20 आइटम हो सकते हैं'],
    [BOOKING_MESSAGES.tooManyItems(5), 'एक ऑर्डर में ज़्यादा से ज़्यादा 5 आइटम हो सकते हैं'],
  ],
  'BOOKING_MESSAGES.quantity': [
    [BOOKING_MESSAGES.quantity(5), 'मात्रा 1 से 5 तक की पूरी संख्या होनी चाहिए'],
    [BOOKING_MESSAGES.quantity(12), 'मात्रा 1 से 12 तक की पूरी संख्या होनी चाहिए'],
  ],
  'COUPON_MESSAGES.belowMinimum': [
    [
      COUPON_MESSAGES.belowMinimum(2999, 1000.5),
      'इस कूपन के लिए सबटोटल कम से कम ₹2,999 होना चाहिए। इसे इस्तेमाल करने के लिए ₹1,000.50 के और आइटम जोड़ें।',
    ],
    [
      COUPON_MESSAGES.belowMinimum(999, 1),
      'इस कूपन के लिए सबटोटल कम से कम ₹999 होना चाहिए। इसे इस्तेमाल करने के लिए ₹1 के और आइटम जोड़ें।',
    ],
  ],
  'COUPON_MESSAGES.applied': [
    [COUPON_MESSAGES.applied(750), 'कूपन लग गया: -₹750'],
    [COUPON_MESSAGES.applied(12_345.6), 'कूपन लग गया: -₹12,345.60'],
  ],
  'DELIVERY_MESSAGES.addForFreeDelivery': [
    [DELIVERY_MESSAGES.addForFreeDelivery(400), 'मुफ़्त डिलीवरी के लिए ₹400 के और आइटम जोड़ें।'],
    [DELIVERY_MESSAGES.addForFreeDelivery(1234.5), 'मुफ़्त डिलीवरी के लिए ₹1,234.50 के और आइटम जोड़ें।'],
  ],
  'DELIVERY_MESSAGES.shortAfterCoupon': [
    [
      DELIVERY_MESSAGES.shortAfterCoupon(250),
      'कूपन की छूट के बाद ₹1,999 या उससे ज़्यादा पर डिलीवरी मुफ़्त है: बस ₹250 और।',
    ],
    [
      DELIVERY_MESSAGES.shortAfterCoupon(1500.25),
      'कूपन की छूट के बाद ₹1,999 या उससे ज़्यादा पर डिलीवरी मुफ़्त है: बस ₹1,500.25 और।',
    ],
  ],
  'EXTENSION_MESSAGES.tooManyDays': [
    [
      EXTENSION_MESSAGES.tooManyDays(0),
      'माफ़ कीजिए, इस बुकिंग का एक पीस आपके किराए के ठीक बाद किसी और ने बुक किया है, इसलिए इसे बढ़ाया नहीं जा सकता',
    ],
    [
      EXTENSION_MESSAGES.tooManyDays(1),
      'माफ़ कीजिए, इस बुकिंग का एक पीस उसके बाद किसी और ने बुक किया है: आप इसे ज़्यादा से ज़्यादा 1 दिन और रख सकते हैं',
    ],
    [
      EXTENSION_MESSAGES.tooManyDays(3),
      'माफ़ कीजिए, इस बुकिंग का एक पीस उसके बाद किसी और ने बुक किया है: आप इसे ज़्यादा से ज़्यादा 3 दिन और रख सकते हैं',
    ],
    [
      EXTENSION_MESSAGES.tooManyDays(7),
      'माफ़ कीजिए, इस बुकिंग का एक पीस उसके बाद किसी और ने बुक किया है: आप इसे ज़्यादा से ज़्यादा 7 दिन और रख सकते हैं',
    ],
  ],
  'EXTENSION_MESSAGES.extended': [
    [
      EXTENSION_MESSAGES.extended(saturday),
      'बढ़ा दिया गया। आपकी वापसी की नई तारीख़ शनि, 12 दिस॰ 2026 है।',
    ],
    [
      EXTENSION_MESSAGES.extended(formatIsoDate('2027-03-01')),
      'बढ़ा दिया गया। आपकी वापसी की नई तारीख़ सोम, 1 मार्च 2027 है।',
    ],
  ],
  'EXTENSION_MESSAGES.refused Why.refusedWhy': [
    [
      `${EXTENSION_MESSAGES.refused} Why: ${EXTENSION_MESSAGES.refusedReason['past-end']}.`,
      'इस भुगतान से आपका किराया नहीं बढ़ सका, और यह पूरा लौटा दिया जाएगा। वजह: भुगतान पहुँचने तक किराया अपनी वापसी की तारीख़ तक पहुँच चुका था।',
    ],
    [
      `${EXTENSION_MESSAGES.refused} Why: ${EXTENSION_MESSAGES.refusedReason['pieces-taken']}.`,
      'इस भुगतान से आपका किराया नहीं बढ़ सका, और यह पूरा लौटा दिया जाएगा। वजह: आपके भुगतान के दौरान उन दिनों के लिए एक पीस किसी और ने बुक कर लिया, इसलिए आपकी वापसी की तारीख़ पहले जैसी ही रहेगी।',
    ],
    [
      `${EXTENSION_MESSAGES.refused} Why: ${EXTENSION_MESSAGES.refusedReason['already-paid']}.`,
      'इस भुगतान से आपका किराया नहीं बढ़ सका, और यह पूरा लौटा दिया जाएगा। वजह: इसे बढ़ाने का भुगतान पहले ही हो चुका था।',
    ],
  ],
  'FIT_MESSAGES.sizeUnknown': [
    [FIT_MESSAGES.sizeUnknown('XXL'), 'यह पीस XXL साइज़ में नहीं आता'],
    [FIT_MESSAGES.sizeUnknown('Free Size'), 'यह पीस Free Size साइज़ में नहीं आता'],
  ],
  'FIT_MESSAGES.exchangeReserved': [
    [
      FIT_MESSAGES.exchangeReserved('L'),
      'आपकी बाक़ी तारीख़ों के लिए L साइज़ आपके लिए अलग रख दिया गया है, बिना किसी शुल्क के। हम इसे भेजेंगे और दूसरा पीस ले जाएँगे।',
    ],
    [
      FIT_MESSAGES.exchangeReserved('40'),
      'आपकी बाक़ी तारीख़ों के लिए 40 साइज़ आपके लिए अलग रख दिया गया है, बिना किसी शुल्क के। हम इसे भेजेंगे और दूसरा पीस ले जाएँगे।',
    ],
  ],
  'FIT_MESSAGES.sameForNotAsDescribed': [
    [
      FIT_MESSAGES.sameForNotAsDescribed('S'),
      'आपकी बाक़ी तारीख़ों के लिए S साइज़ का एक दूसरा पीस आपके लिए अलग रख दिया गया है, बिना किसी शुल्क के। हम इसे भेजेंगे और पहले वाला ले जाएँगे।',
    ],
  ],
  'FIT_MESSAGES.refunded': [
    [
      FIT_MESSAGES.refunded(formatRupees(1299)),
      'हम इस आइटम के ₹1,299 लौटा रहे हैं। कृपया इसे हमारे कूरियर को दे दें, वे इसे ले जाएँगे।',
    ],
    [
      FIT_MESSAGES.refunded(formatRupees(12_499.5)),
      'हम इस आइटम के ₹12,499.50 लौटा रहे हैं। कृपया इसे हमारे कूरियर को दे दें, वे इसे ले जाएँगे।',
    ],
  ],
  'FIT_MESSAGES.noneFreeRefunded': [
    [
      FIT_MESSAGES.noneFreeRefunded('M', formatRupees(2450)),
      'आपकी तारीख़ों के लिए M साइज़ का कोई पीस उपलब्ध नहीं है, इसलिए हम इस आइटम के ₹2,450 लौटा रहे हैं। कृपया इसे हमारे कूरियर को दे दें, वे इसे ले जाएँगे।',
    ],
  ],
  'NOTIFY_ME_MESSAGES.tooSoon': [
    [
      NOTIFY_ME_MESSAGES.tooSoon('2026-12-12'),
      'हम सबसे जल्दी शनि, 12 दिस॰ 2026 से शुरू होने वाली बुकिंग के लिए डिलीवर कर सकते हैं',
    ],
    [
      NOTIFY_ME_MESSAGES.tooSoon('2027-02-03'),
      'हम सबसे जल्दी बुध, 3 फ़र॰ 2027 से शुरू होने वाली बुकिंग के लिए डिलीवर कर सकते हैं',
    ],
  ],
  'PINCODE_MESSAGES.notFound': [
    [
      PINCODE_MESSAGES.notFound('999999'),
      'PIN कोड 999999 इंडिया पोस्ट की सूची में नहीं है: कृपया इसे जाँच लें',
    ],
    [
      PINCODE_MESSAGES.notFound('110001'),
      'PIN कोड 110001 इंडिया पोस्ट की सूची में नहीं है: कृपया इसे जाँच लें',
    ],
  ],
  'PINCODE_MESSAGES.notServed': [
    [
      PINCODE_MESSAGES.notServed('744101'),
      'हम अभी PIN कोड 744101 पर डिलीवरी नहीं करते: कृपया कोई दूसरा पता चुनें',
    ],
  ],
  'PINCODE_MESSAGES.tooSoon': [
    [
      PINCODE_MESSAGES.tooSoon({
        product: lehenga,
        pincode: '682028',
        city: 'Kochi',
        earliest: '2027-01-05',
      }),
      `${lehenga} अपनी शुरुआती तारीख़ तक 682028 (Kochi) नहीं पहुँच सकता: वहाँ सबसे जल्दी मंगल, 5 जन॰ 2027 से शुरुआत हो सकती है। कृपया बाद की कोई तारीख़ चुनें`,
    ],
  ],
  'PINCODE_MESSAGES.deliveredBy': [
    [
      PINCODE_MESSAGES.deliveredBy({ date: '2026-09-01', pincode: '400001', city: 'Mumbai' }),
      'मंगल, 1 सित॰ तक 400001 (Mumbai) पर डिलीवरी',
    ],
    [
      PINCODE_MESSAGES.deliveredBy({ date: '2027-01-10', pincode: '560001', city: 'Bengaluru' }),
      'रवि, 10 जन॰ तक 560001 (Bengaluru) पर डिलीवरी',
    ],
  ],
  'SUBSCRIPTION_MESSAGES.orderCreated': [
    [SUBSCRIPTION_MESSAGES.orderCreated('Plus'), 'Plus प्लान का ऑर्डर बन गया!'],
    [SUBSCRIPTION_MESSAGES.orderCreated('Pro'), 'Pro प्लान का ऑर्डर बन गया!'],
    [SUBSCRIPTION_MESSAGES.orderCreated('Free'), 'फ़्री प्लान का ऑर्डर बन गया!'],
  ],
  'AT_RISK_MESSAGES.tooLate': [
    [AT_RISK_MESSAGES.tooLate('shipped'), 'यह बुकिंग भेजी जा चुकी है: इसके पीस अब यहाँ नहीं बदले जा सकते'],
    [AT_RISK_MESSAGES.tooLate('cancelled'), 'यह बुकिंग रद्द हो चुकी है: इसके पीस अब यहाँ नहीं बदले जा सकते'],
    [
      AT_RISK_MESSAGES.tooLate('delivered'),
      'यह बुकिंग डिलीवर हो चुकी है: इसके पीस अब यहाँ नहीं बदले जा सकते',
    ],
  ],
  'AT_RISK_MESSAGES.sizeUnknown': [
    [AT_RISK_MESSAGES.sizeUnknown('38'), 'यह पीस 38 साइज़ में नहीं आता'],
  ],
  'AT_RISK_MESSAGES.sizeNotFree': [
    [
      AT_RISK_MESSAGES.sizeNotFree('XL'),
      'आपकी तारीख़ों के लिए XL साइज़ का कोई पीस अब उपलब्ध नहीं है: फिर से चुनें',
    ],
  ],
  'AT_RISK_MESSAGES.movedToSize': [
    [
      AT_RISK_MESSAGES.movedToSize('M'),
      'हो गया: आपकी तारीख़ों के लिए M साइज़ का एक पीस अलग रख दिया गया है। बाक़ी सब पहले जैसा रहेगा।',
    ],
  ],
  'AT_RISK_MESSAGES.movedToPiece': [
    [
      AT_RISK_MESSAGES.movedToPiece(sherwani, 'L'),
      `हो गया: आपकी तारीख़ों के लिए ${sherwani}, L साइज़ में, अलग रख दिया गया है, बिना किसी अतिरिक्त शुल्क के। बाक़ी सब पहले जैसा रहेगा।`,
    ],
  ],
  'AT_RISK_MESSAGES.cancelled': [
    [
      AT_RISK_MESSAGES.cancelled(formatRupees(3598)),
      'आपकी बुकिंग रद्द कर दी गई है और ₹3,598 की पूरी रकम 7 से 10 कामकाजी दिनों में उसी तरीक़े से लौटा दी जाएगी जिससे आपने भुगतान किया था।',
    ],
    [
      AT_RISK_MESSAGES.cancelled(formatRupees(12_000.5)),
      'आपकी बुकिंग रद्द कर दी गई है और ₹12,000.50 की पूरी रकम 7 से 10 कामकाजी दिनों में उसी तरीक़े से लौटा दी जाएगी जिससे आपने भुगतान किया था।',
    ],
  ],
  'BACKUP_MESSAGES.notOffered': [
    [
      BACKUP_MESSAGES.notOffered('Kundan Necklace Set'),
      'Kundan Necklace Set सिर्फ़ एक साइज़ में आता है, इसलिए इसका कोई बैक-अप साइज़ नहीं है',
    ],
  ],
  'BACKUP_MESSAGES.sizeUnknown': [
    [
      BACKUP_MESSAGES.sizeUnknown(lehenga, ['S', 'M', 'L']),
      `${lehenga} के लिए बैक-अप साइज़ S, M, L में से एक होना चाहिए`,
    ],
    [
      BACKUP_MESSAGES.sizeUnknown('Kurta for Haldi', ['38', '40']),
      'Kurta for Haldi के लिए बैक-अप साइज़ 38, 40 में से एक होना चाहिए',
    ],
  ],
  'BACKUP_MESSAGES.taken': [
    [
      BACKUP_MESSAGES.taken(lehenga, 'L'),
      `माफ़ कीजिए, ${lehenga} का बैक-अप साइज़ L इन तारीख़ों के लिए बुक है। कोई दूसरा बैक-अप साइज़ चुनें या कोई नहीं।`,
    ],
  ],
  'BACKUP_MESSAGES.wornReason': [
    [
      BACKUP_MESSAGES.wornReason(lehenga, 'L', 4),
      `${lehenga} का बैक-अप साइज़ L पहना गया (उसकी सील टूटी थी): उसका 4 दिन का किराया`,
    ],
    [
      BACKUP_MESSAGES.wornReason(sherwani, '42', 14),
      `${sherwani} का बैक-अप साइज़ 42 पहना गया (उसकी सील टूटी थी): उसका 14 दिन का किराया`,
    ],
  ],
  'CHARGE_MESSAGES.lateFeeReason': [
    [
      CHARGE_MESSAGES.lateFeeReason(saturday, 1, formatRupees(250)),
      'देर से वापसी: शनि, 12 दिस॰ 2026 (₹250 प्रति दिन)',
    ],
    [
      CHARGE_MESSAGES.lateFeeReason(formatIsoDate('2026-11-03'), 2, formatRupees(500)),
      'देर से वापसी: मंगल, 3 नव॰ 2026 (2 पीस, ₹500 प्रति दिन)',
    ],
    [
      CHARGE_MESSAGES.lateFeeReason(formatIsoDate('2027-01-31'), 3, formatRupees(1250)),
      'देर से वापसी: रवि, 31 जन॰ 2027 (3 पीस, ₹1,250 प्रति दिन)',
    ],
  ],
  'CHARGE_MESSAGES.purchaseReason': [
    [
      CHARGE_MESSAGES.purchaseReason(sherwani),
      `${sherwani} अपनी आख़िरी तारीख़ के 14 दिनों के भीतर वापस नहीं आया: इसे ख़रीदा हुआ माना गया (MRP में से चुकाया गया किराया और देरी का शुल्क घटाकर)`,
    ],
  ],
  'CHARGE_MESSAGES.damageReason': [
    [CHARGE_MESSAGES.damageReason('lost', sherwani), `${sherwani} वापस नहीं आया`],
    [
      CHARGE_MESSAGES.damageReason('needs-repair', sherwani),
      `${sherwani} ऐसी हालत में वापस आया कि उसकी थोड़ी मरम्मत करनी पड़ेगी`,
    ],
    [CHARGE_MESSAGES.damageReason('major-damage', lehenga), `${lehenga} भारी नुक़सान के साथ वापस आया`],
  ],
  'PRODUCT_SEARCH_MESSAGES.unknownFilter': [
    [
      PRODUCT_SEARCH_MESSAGES.unknownFilter('fabric', ['category', 'colour']),
      'अनजान फ़िल्टर: fabric। फ़िल्टर ये हैं: category, colour',
    ],
    [
      PRODUCT_SEARCH_MESSAGES.unknownFilter('fabric', []),
      'अनजान फ़िल्टर: fabric। कैटलॉग में अभी कोई फ़िल्टर नहीं है',
    ],
  ],
  'FIELD_MESSAGES.required': [
    [FIELD_MESSAGES.required('Landmark'), 'लैंडमार्क ज़रूरी है'],
    [FIELD_MESSAGES.required('Coupon code'), 'कूपन कोड ज़रूरी है'],
    [FIELD_MESSAGES.required('UPI ID'), 'UPI ID ज़रूरी है'],
  ],
  'FIELD_MESSAGES.notText': [
    [FIELD_MESSAGES.notText('City'), 'शहर: सिर्फ़ टेक्स्ट लिखा जा सकता है'],
    [FIELD_MESSAGES.notText('Search'), 'खोज: सिर्फ़ टेक्स्ट लिखा जा सकता है'],
  ],
  'FIELD_MESSAGES.notAllowed': [
    [FIELD_MESSAGES.notAllowed('Name'), 'नाम: इसमें ऐसे अक्षर हैं जो लिए नहीं जाते'],
    [FIELD_MESSAGES.notAllowed('Street address'), 'गली का पता: इसमें ऐसे अक्षर हैं जो लिए नहीं जाते'],
  ],
  'FIELD_MESSAGES.tooLong': [
    [
      FIELD_MESSAGES.tooLong('Street address', 200),
      'गली का पता: ज़्यादा से ज़्यादा 200 अक्षर लिखे जा सकते हैं',
    ],
    [FIELD_MESSAGES.tooLong('Note', 500), 'नोट: ज़्यादा से ज़्यादा 500 अक्षर लिखे जा सकते हैं'],
  ],
};

/** The console's members of the groups covered that are made from values, with real values. */
const CONSOLE_CASES: Readonly<Record<string, readonly string[]>> = {
  'PINCODE_MESSAGES.prefixCoversNone': [PINCODE_MESSAGES.prefixCoversNone('744')],
  'PINCODE_MESSAGES.prefixCoversWarehouse': [
    PINCODE_MESSAGES.prefixCoversWarehouse('4000', '400001'),
  ],
  'PINCODE_MESSAGES.prefixListed': [PINCODE_MESSAGES.prefixListed('744')],
  'PINCODE_MESSAGES.prefixCoveredBy': [PINCODE_MESSAGES.prefixCoveredBy('7441', '744')],
  'PINCODE_MESSAGES.prefixInConfiguration': [PINCODE_MESSAGES.prefixInConfiguration('744')],
  'PINCODE_MESSAGES.prefixNotListed': [PINCODE_MESSAGES.prefixNotListed('682028')],
  'PINCODE_MESSAGES.prefixAdded': [
    PINCODE_MESSAGES.prefixAdded('744101', 1),
    PINCODE_MESSAGES.prefixAdded('7441', 1),
    PINCODE_MESSAGES.prefixAdded('744', 12),
  ],
  'PINCODE_MESSAGES.prefixRemoved': [
    PINCODE_MESSAGES.prefixRemoved('744'),
    PINCODE_MESSAGES.prefixRemoved('744101'),
  ],
  'PINCODE_MESSAGES.prefixRemovedStillCovered': [
    PINCODE_MESSAGES.prefixRemovedStillCovered('7441', '744'),
  ],
  'BACKUP_MESSAGES.sealAnswerNeeded': [BACKUP_MESSAGES.sealAnswerNeeded(lehenga)],
  'CHARGE_MESSAGES.backOn': [CHARGE_MESSAGES.backOn(saturday)],
  'CHARGE_MESSAGES.damageAboveCap': [CHARGE_MESSAGES.damageAboveCap(formatRupees(5000))],
};

/** Every English the table may hold: the groups' shopper messages and the web app's own. */
const saidNow = new Set([
  ...members.flatMap(({ value }) => textsOf(value)),
  ...Object.values(FUNCTION_CASES).flatMap((cases) => cases.map(([english]) => english)),
  ...WEB_TEXTS.map(([english]) => english),
]);

/** A shape's fixed words: its English without its values' groups. */
const fixedWords = ({ regex }: { regex: RegExp }) =>
  regex.source
    .replace(/\(\?<\w+>(?:[^()]|\([^()]*\))*\)/g, '')
    .replace(/^\^|\$$/g, '')
    .replace(/\\(.)/g, '$1');

describe('the Hindi of the API’s messages', () => {
  it('has the Hindi of every plain message of the groups it covers', () => {
    const missing: string[] = [];
    for (const { id, value } of members) {
      for (const english of textsOf(value)) {
        const hindi = translate(english);
        const written =
          Object.hasOwn(PLAIN, english) || Object.hasOwn(EXTENSION_REFUSED_REASONS, english);
        if (!written || !hindi || !DEVANAGARI.test(hindi) || hindi === english)
          missing.push(`${id}: ${english}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has real values to try for every message made from values', () => {
    const functions = members
      .filter(({ value }) => typeof value === 'function')
      .map(({ id }) => id);
    expect(functions.filter((id) => !FUNCTION_CASES[id])).toEqual([]);
    expect(Object.keys(FUNCTION_CASES).filter((id) => !functions.includes(id))).toEqual([]);
  });

  for (const [id, cases] of Object.entries(FUNCTION_CASES)) {
    it(`translates ${id} with the values in it`, () => {
      for (const [english, hindi] of cases) {
        expect(DEVANAGARI.test(hindi)).toBe(true);
        expect(translate(english), english).toBe(hindi);
      }
    });
  }

  it('matches each message made from values by a shape, and has no shape nobody says', () => {
    const english = Object.values(FUNCTION_CASES).flatMap((cases) => cases.map(([text]) => text));
    // A message whose words do not change with its value (1 more day) is a plain text.
    const unmatched = english.filter(
      (text) => !Object.hasOwn(PLAIN, text) && !SHAPES.some(({ regex }) => regex.test(text)),
    );
    expect(unmatched).toEqual([]);
    const unused = SHAPES.filter(({ regex }) => !english.some((text) => regex.test(text)));
    expect(unused.map(({ regex }) => regex.source)).toEqual([]);
  });

  it('tries the most particular shape first', () => {
    const lengths = SHAPES.map((each) => fixedWords(each).length);
    const outOfOrder = SHAPES.filter((_, i) => i > 0 && lengths[i]! > lengths[i - 1]!);
    expect(outOfOrder.map(({ regex }) => regex.source)).toEqual([]);
  });

  it('has no English the shared messages no longer say', () => {
    const stale = [...Object.keys(PLAIN), ...Object.keys(EXTENSION_REFUSED_REASONS)].filter(
      (english) => !saidNow.has(english),
    );
    expect(stale).toEqual([]);
    // The reasons are written once, and are exactly EXTENSION_MESSAGES.refusedReason's.
    expect(
      Object.keys(EXTENSION_REFUSED_REASONS).filter((text) => Object.hasOwn(PLAIN, text)),
    ).toEqual([]);
    expect(Object.keys(EXTENSION_REFUSED_REASONS).sort()).toEqual(
      Object.values(EXTENSION_MESSAGES.refusedReason).sort(),
    );
  });

  it('says the web app’s own fallbacks as its catalogues do', () => {
    expect(contactFailed).toBe('Failed to load contact details');
    for (const [english, hindi] of WEB_TEXTS) {
      expect(DEVANAGARI.test(hindi), english).toBe(true);
      expect(translate(english), english).toBe(hindi);
    }
  });

  it('leaves the console’s messages in English', () => {
    // Each group's console members are its members.
    for (const { name, english, skipped } of COVERED) {
      expect(
        skipped.filter((key) => !(key in english)),
        name,
      ).toEqual([]);
    }
    // Real values for each of them made from values, and none of them in Hindi (unless a
    // shopper message says the very same words). The console-only groups' messages made from
    // values are not tried: their words are the console's own.
    const functions = membersOf(COVERED, 'console')
      .filter(({ value }) => typeof value === 'function')
      .map(({ id }) => id);
    expect(functions.filter((id) => !CONSOLE_CASES[id])).toEqual([]);
    expect(Object.keys(CONSOLE_CASES).filter((id) => !functions.includes(id))).toEqual([]);
    const english = [
      ...consoleMembers.flatMap(({ value }) => textsOf(value)),
      ...Object.values(CONSOLE_CASES).flat(),
    ];
    const shopperTexts = new Set(members.flatMap(({ value }) => textsOf(value)));
    const said = english.filter((text) => !shopperTexts.has(text) && translate(text) !== undefined);
    expect(said).toEqual([]);
  });

  it('leaves a text it does not know alone', () => {
    expect(translate('Something nobody wrote')).toBeUndefined();
    expect(translate('')).toBeUndefined();
    // Already Hindi (a component's own words said through notify).
    expect(translate('आपका कार्ट ख़ाली है')).toBeUndefined();
    // The console's words stay English, also where their shape is a shopper message's.
    expect(translate(FULFILMENT_MESSAGES.unitCodeRequired)).toBeUndefined();
    expect(translate(FIELD_MESSAGES.required('Customer id'))).toBeUndefined();
    expect(translate(PINCODE_MESSAGES.prefixRemoved('744'))).toBeUndefined();
    expect(translate(AT_RISK_MESSAGES.tooLate('somewhere'))).toBeUndefined();
    expect(translate(`${EXTENSION_MESSAGES.refused} Why: nobody knows.`)).toBeUndefined();
    // Close to a known message is not that message.
    expect(translate(`${MESSAGES.cartEmpty}!`)).toBeUndefined();
    expect(translate(`Note: ${MESSAGES.cartEmpty}`)).toBeUndefined();
    // A word list's name is found only among its own words, not its object's.
    expect(translate('constructor')).toBeUndefined();
    expect(translate(FIELD_MESSAGES.required('constructor'))).toBeUndefined();
    expect(translate(FIELD_MESSAGES.required('toString'))).toBeUndefined();
    expect(translate(AT_RISK_MESSAGES.tooLate('constructor'))).toBeUndefined();
    expect(translate(`${EXTENSION_MESSAGES.refused} Why: hasOwnProperty.`)).toBeUndefined();
    expect(translate(SUBSCRIPTION_MESSAGES.orderCreated('constructor'))).toBe(
      'CONSTRUCTOR प्लान का ऑर्डर बन गया!',
    );
  });

  it('matches the whole message, whatever the values', () => {
    // A product's name with characters a pattern uses ('.', '(', '$') is a value like any other.
    const name = 'Lehenga (Red) $ 2.0';
    expect(translate(BOOKING_MESSAGES.itemTaken(name, 'M'))).toBe(
      `${name} (M) अब इन तारीख़ों के लिए उपलब्ध नहीं है`,
    );
    // And a value with what a replacement string would read ('$&', '$1') is put in as it is.
    expect(translate(BACKUP_MESSAGES.notOffered('Set $& $1 [x]+?'))).toBe(
      'Set $& $1 [x]+? सिर्फ़ एक साइज़ में आता है, इसलिए इसका कोई बैक-अप साइज़ नहीं है',
    );
  });

  it('writes a date the API wrote in English as hi-IN writes it', () => {
    for (const date of ['2026-01-04', '2026-02-28', '2026-05-31', '2026-09-09', '2026-10-15']) {
      const hindi = new Intl.DateTimeFormat('hi-IN', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${date}T00:00:00Z`));
      expect(hindiDate(formatIsoDate(date))).toBe(hindi);
    }
    expect(hindiDate('not a date')).toBe('not a date');
    expect(hindiDate('Sat, 12 constructor, 2026')).toBe('Sat, 12 constructor, 2026');
  });
});
