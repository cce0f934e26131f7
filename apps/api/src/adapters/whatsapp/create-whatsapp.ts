import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../mail/mailer.js';
import { createCloudApiSender } from './cloud-api.js';
import { createDevWhatsApp, type DevWhatsApp } from './dev-whatsapp.js';
import type { WhatsAppSender } from './whatsapp.js';

/** The sender WHATSAPP_PROVIDER names (keys checked by config.ts), or none when it is off. */
export function createWhatsAppSender({
  config,
  clock,
  logger,
  devMailbox,
}: {
  config: Config;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info'>;
  /** The development mailbox, when mail goes there: the dev stand-in's messages go there too. */
  devMailbox?: Mailer;
}): { sender?: WhatsAppSender; dev?: DevWhatsApp } {
  switch (config.whatsappProvider) {
    case 'off':
      return {};
    case 'dev': {
      const dev = createDevWhatsApp({ clock, logger, ...(devMailbox ? { devMailbox } : {}) });
      return { sender: dev, dev };
    }
    case 'cloud':
      return {
        sender: createCloudApiSender({
          apiUrl: config.WHATSAPP_API_URL,
          version: config.WHATSAPP_API_VERSION,
          phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID!,
          token: config.WHATSAPP_TOKEN!,
          timeoutMs: config.WHATSAPP_TIMEOUT_MS,
        }),
      };
  }
}
