/**
 * WhatsApp booking updates (issue [P] §3; decision 085): the template messages the shop sends
 * through WhatsApp's Cloud API, one definition for the server (what it sends and its local
 * stand-in's rendering) and anything that shows them. Each template is registered with Meta under
 * its `name` in both languages, with the body below; `{{1}}`, `{{2}}` … are its parameters, in the
 * order of `params`.
 */

export const MESSAGE_LANGUAGES = ['en', 'hi'] as const;

/** An Indian mobile number as WhatsApp opt-in takes it: 10 digits starting 6 to 9. */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;
export const isIndianMobile = (phone: string): boolean => INDIAN_MOBILE.test(phone);
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** WhatsApp's language codes for the template's two translations. */
export const WHATSAPP_LANGUAGE_CODES: Record<MessageLanguage, string> = { en: 'en', hi: 'hi' };

export interface WhatsAppTemplate {
  /** The template's name as registered with Meta. */
  name: string;
  /** What each parameter is, in order ({{1}} is the first). */
  params: readonly string[];
  body: Record<MessageLanguage, string>;
}

export const WHATSAPP_TEMPLATES = {
  verificationCode: {
    name: 'pehnava_verification_code',
    params: ['code'],
    body: {
      en: '{{1}} is your Pehnava code to get booking updates on WhatsApp. It is valid for 10 minutes. Do not share it with anyone.',
      hi: '{{1}} WhatsApp पर बुकिंग की जानकारी पाने के लिए आपका Pehnava कोड है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।',
    },
  },
  bookingConfirmed: {
    name: 'pehnava_booking_confirmed',
    params: ['name', 'bookingNumber', 'startDate'],
    body: {
      en: 'Hi {{1}}, your Pehnava booking {{2}} is confirmed. Your outfit is reserved for {{3}}; we will message you when it is on its way.',
      hi: 'नमस्ते {{1}}, आपकी Pehnava बुकिंग {{2}} पक्की हो गई है। आपकी पोशाक {{3}} के लिए आपके नाम रख दी गई है; भेजते ही हम आपको बताएँगे।',
    },
  },
  bookingDispatched: {
    name: 'pehnava_booking_dispatched',
    params: ['name', 'bookingNumber', 'courier', 'trackingId'],
    body: {
      en: 'Hi {{1}}, your Pehnava booking {{2}} is on its way with {{3}}. Tracking number: {{4}}.',
      hi: 'नमस्ते {{1}}, आपकी Pehnava बुकिंग {{2}} {{3}} से आपके पास भेज दी गई है। ट्रैकिंग नंबर: {{4}}।',
    },
  },
  dueBackTomorrow: {
    name: 'pehnava_due_back_tomorrow',
    params: ['name', 'bookingNumber', 'endDate'],
    body: {
      en: 'Hi {{1}}, a reminder that your Pehnava booking {{2}} is due back tomorrow, {{3}}. Please keep the pieces packed for pickup.',
      hi: 'नमस्ते {{1}}, याद दिला दें कि आपकी Pehnava बुकिंग {{2}} कल, {{3}} को लौटानी है। कृपया कपड़े पिकअप के लिए पैक करके रखें।',
    },
  },
  returnLate: {
    name: 'pehnava_return_late',
    params: ['name', 'bookingNumber', 'endDate'],
    body: {
      en: 'Hi {{1}}, your Pehnava booking {{2}} was due back on {{3}} and has not reached us yet. A late fee is charged for each day; please return it as soon as you can.',
      hi: 'नमस्ते {{1}}, आपकी Pehnava बुकिंग {{2}} {{3}} को लौटानी थी और अभी तक हमारे पास नहीं पहुँची है। देरी के हर दिन का शुल्क लगता है; कृपया इसे जल्द से जल्द लौटा दें।',
    },
  },
  chargeDue: {
    name: 'pehnava_charge_due',
    params: ['name', 'bookingNumber', 'amount'],
    body: {
      en: 'Hi {{1}}, {{3}} is due on your Pehnava booking {{2}}. You can see the details and pay in My Bookings.',
      hi: 'नमस्ते {{1}}, आपकी Pehnava बुकिंग {{2}} पर {{3}} का भुगतान बाकी है। पूरी जानकारी देखने और भुगतान करने के लिए My Bookings खोलें।',
    },
  },
  refundMade: {
    name: 'pehnava_refund_made',
    params: ['name', 'bookingNumber', 'amount'],
    body: {
      en: 'Hi {{1}}, we are refunding {{3}} for your Pehnava booking {{2}} to the account you paid from. It reaches you in 7 to 10 business days.',
      hi: 'नमस्ते {{1}}, आपकी Pehnava बुकिंग {{2}} के {{3}} उसी खाते में लौटाए जा रहे हैं जिससे आपने भुगतान किया था। यह रकम 7 से 10 कामकाजी दिनों में पहुँच जाएगी।',
    },
  },
  notifyMeAvailable: {
    name: 'pehnava_notify_me_available',
    params: ['name', 'product', 'size', 'startDate', 'link'],
    body: {
      en: 'Hi {{1}}, good news: {{2}} in size {{3}} is now free from {{4}}. Book it before someone else does: {{5}}',
      hi: 'नमस्ते {{1}}, खुशखबरी: {{2}} साइज़ {{3}} में {{4}} से उपलब्ध है। कोई और बुक करे, उससे पहले आप बुक कर लें: {{5}}',
    },
  },
} as const satisfies Record<string, WhatsAppTemplate>;

export type WhatsAppTemplateKey = keyof typeof WHATSAPP_TEMPLATES;
export const WHATSAPP_TEMPLATE_KEYS = Object.keys(WHATSAPP_TEMPLATES) as WhatsAppTemplateKey[];

/** The template registered under `name`, if it is one of ours. */
export function whatsAppTemplateNamed(name: string): WhatsAppTemplate | undefined {
  return Object.values(WHATSAPP_TEMPLATES).find((template) => template.name === name);
}

/** A template's body with its parameters put in, as the shopper reads it. */
export function renderWhatsAppTemplate(
  template: WhatsAppTemplate,
  language: MessageLanguage,
  params: readonly string[],
): string {
  return template.body[language].replace(/\{\{(\d+)\}\}/g, (whole, n: string) => {
    const value = params[Number(n) - 1];
    return value === undefined ? whole : value;
  });
}

const dateFormats = new Map<MessageLanguage, Intl.DateTimeFormat>();
/** A calendar date (YYYY-MM-DD) as a message in that language writes it: 'Sat, 12 Dec' / 'शनि, 12 दिस॰'. */
export function formatMessageDate(date: string, language: MessageLanguage): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    dateFormats.set(language, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** Opt-in to booking updates on WhatsApp: a code's life, as for the e-mail codes. */
export const WHATSAPP_CODE_VALID_MINUTES = 10;
export const WHATSAPP_CODE_MAX_WRONG_TRIES = 5;
export const WHATSAPP_CODE_RESEND_SECONDS = 60;
export const WHATSAPP_CODES_PER_HOUR = 5;

/** Replies that opt a number out of every message, compared trimmed and in any case. */
export const WHATSAPP_STOP_WORDS = ['stop', 'रोकें', 'रोको'] as const;

/** What the WhatsApp opt-in says (SPEC.md §5's style). */
export const WHATSAPP_MESSAGES = {
  invalidPhone: 'Please enter a valid 10-digit mobile number',
  invalidCode: 'Please enter a valid 6-digit code',
  codeSent: 'We sent a code to your WhatsApp. Enter it to turn on booking updates.',
  resendTooSoon: 'Please wait a minute before asking for a new code.',
  hourlyLimit: 'Too many codes requested. Please try again in an hour.',
  notRequested: 'No code is waiting. Please ask for a new one.',
  codeExpired: 'This code has expired. Please request a new one.',
  codeWrong: 'Incorrect code. Please check it and try again.',
  tooManyTries: 'Too many wrong tries. Please request a new code.',
  optedIn: 'Booking updates on WhatsApp are on',
  optedOut: 'Booking updates on WhatsApp are off',
  unavailable: 'WhatsApp updates are not available right now',
} as const;
