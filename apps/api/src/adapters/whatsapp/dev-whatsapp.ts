import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { renderWhatsAppTemplate, whatsAppTemplateNamed } from '@pehnava/shared';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import {
  WhatsAppSendError,
  type WhatsAppSender,
  type WhatsAppTemplateMessage,
} from './whatsapp.js';

/** A message the development stand-in took: what the shopper's phone would show. */
export interface DevWhatsAppMessage {
  id: string;
  providerMessageId: string;
  to: string;
  template: string;
  language: 'en' | 'hi';
  text: string;
  sentAt: string;
}

export type DevWhatsApp = WhatsAppSender & { list(): DevWhatsAppMessage[] };

/**
 * WHATSAPP_PROVIDER=dev (the default outside production): nothing leaves the machine. Each
 * message is rendered in the shopper's language from the shared templates, kept (newest first),
 * and, when the development mailbox is in use, put there too, so a developer reads it at /dev/mail
 * beside the mail of the same event. A template it does not know is refused as the Cloud API
 * refuses one (not retryable). The log names the message's id and template only.
 */
export function createDevWhatsApp({
  devMailbox,
  logger,
  clock,
  capacity = 200,
}: {
  devMailbox?: Mailer;
  logger: Pick<FastifyBaseLogger, 'info'>;
  clock: Clock;
  capacity?: number;
}): DevWhatsApp {
  const kept: DevWhatsAppMessage[] = [];
  return {
    name: 'dev',
    async sendTemplate(message: WhatsAppTemplateMessage): Promise<string> {
      const template = whatsAppTemplateNamed(message.template);
      if (!template || template.params.length !== message.params.length) {
        throw new WhatsAppSendError(
          `template ${message.template} not known or wrong parameters`,
          false,
          132001,
        );
      }
      const text = renderWhatsAppTemplate(template, message.language, message.params);
      const providerMessageId = `wamid.dev-${randomUUID()}`;
      kept.unshift({
        id: message.id,
        providerMessageId,
        to: message.to,
        template: message.template,
        language: message.language,
        text,
        sentAt: clock.now().toISOString(),
      });
      kept.length = Math.min(kept.length, capacity);
      await devMailbox?.send({
        id: `whatsapp-${message.id}`,
        to: `WhatsApp +91 ${message.to}`,
        subject: `WhatsApp (${message.language}): ${message.template}`,
        text,
        html: `<p style="white-space:pre-wrap">${escapeHtml(text)}</p>`,
      });
      logger.info(
        { whatsappId: message.id, template: message.template },
        'WhatsApp message kept by the development stand-in: open /dev/mail to read it',
      );
      return providerMessageId;
    },
    list: () => [...kept],
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
