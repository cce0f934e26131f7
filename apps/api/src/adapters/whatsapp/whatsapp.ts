import type { MessageLanguage } from '@pehnava/shared';

/** One template message to send (decision 085). */
export interface WhatsAppTemplateMessage {
  /** The outbox row's id: the stand-ins key what they keep by it; logs name the message by it. */
  id: string;
  /** The shopper's 10-digit Indian mobile number (sent as 91 and the digits). */
  to: string;
  /** The template's name as registered with Meta (WHATSAPP_TEMPLATES). */
  template: string;
  language: MessageLanguage;
  /** The body's parameters, in order. */
  params: string[];
}

/**
 * Where WhatsApp messages go: the Cloud API, or the development stand-in. `sendTemplate` answers
 * the provider's message id (what its status webhooks name), or throws a WhatsAppSendError.
 */
export interface WhatsAppSender {
  readonly name: 'dev' | 'cloud';
  sendTemplate(message: WhatsAppTemplateMessage): Promise<string>;
}

/**
 * A message the provider did not take. `retryable`: trying again later can help (rate limits, the
 * service down or slow, the network); otherwise it cannot (a template or parameter the provider
 * refuses, a number that cannot receive it, a token refused), and the message is given up at once.
 */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The provider's error code (the Cloud API's `error.code`), or the HTTP status. */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'WhatsAppSendError';
  }
}

/** The number as WhatsApp addresses it: India's country code and the 10 digits. */
export const whatsAppAddress = (phone: string): string => `91${phone}`;

/** The 10 digits of an Indian number as WhatsApp writes it (91 and 10 digits), else undefined. */
export function indianMobileOf(waId: string): string | undefined {
  const digits = waId.replace(/\D/g, '');
  return /^91[6-9]\d{9}$/.test(digits) ? digits.slice(2) : undefined;
}
