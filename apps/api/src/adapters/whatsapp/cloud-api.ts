import { WHATSAPP_LANGUAGE_CODES } from '@pehnava/shared';
import {
  WhatsAppSendError,
  whatsAppAddress,
  type WhatsAppSender,
  type WhatsAppTemplateMessage,
} from './whatsapp.js';

/** The Cloud API's error body: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
interface CloudApiError {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    fbtrace_id?: string;
    error_data?: { details?: string };
  };
}

/** The answer to a message sent: `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`. */
interface CloudApiSent {
  messaging_product?: string;
  contacts?: { input: string; wa_id: string }[];
  messages?: { id: string; message_status?: string }[];
}

/**
 * The Cloud API's error codes after which a later try can help: throttling (4, 80007, 130429,
 * 131048, 131056), the service unavailable or failing for now (1, 2, 131000, 133004).
 * Everything else (template or parameters refused: 132000–132015, 131008, 131009; a number that
 * cannot receive it: 131026; the token refused: 190; bad input: 100) will fail the same way again.
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131048, 131056, 133004]);

export interface CloudApiOptions {
  /** https://graph.facebook.com, or a stand-in's address. */
  apiUrl: string;
  version: string;
  phoneNumberId: string;
  token: string;
  timeoutMs: number;
}

/** WhatsApp Business Cloud API: template messages sent to /{version}/{phone-number-id}/messages. */
export function createCloudApiSender(options: CloudApiOptions): WhatsAppSender {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/${options.version}/${options.phoneNumberId}/messages`;
  return {
    name: 'cloud',
    async sendTemplate(message: WhatsAppTemplateMessage): Promise<string> {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: whatsAppAddress(message.to),
        type: 'template',
        template: {
          name: message.template,
          language: { code: WHATSAPP_LANGUAGE_CODES[message.language] },
          components:
            message.params.length > 0
              ? [
                  {
                    type: 'body',
                    parameters: message.params.map((text) => ({ type: 'text', text })),
                  },
                ]
              : [],
        },
      };
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        // Not reached, or no answer in time: tried again later (decision 085 on the rare double).
        const reason = error instanceof Error ? error.message : String(error);
        throw new WhatsAppSendError(`WhatsApp Cloud API not reached: ${reason}`, true);
      }
      const text = await response.text();
      let answer: (CloudApiSent & CloudApiError) | undefined;
      try {
        answer = JSON.parse(text) as CloudApiSent & CloudApiError;
      } catch {
        answer = undefined;
      }
      if (response.ok) {
        const id = answer?.messages?.[0]?.id;
        if (!id)
          throw new WhatsAppSendError('WhatsApp Cloud API answered without a message id', false);
        return id;
      }
      const error = answer?.error;
      const code = error?.code ?? response.status;
      const retryable =
        response.status === 429 ||
        response.status >= 500 ||
        (error?.code !== undefined && RETRYABLE_CODES.has(error.code));
      throw new WhatsAppSendError(
        `WhatsApp Cloud API ${response.status} (${code}${
          error?.error_subcode ? `/${error.error_subcode}` : ''
        }): ${error?.message ?? 'no error body'}`,
        retryable,
        code,
      );
    },
  };
}
