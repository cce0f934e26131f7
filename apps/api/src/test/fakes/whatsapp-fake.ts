// A local stand-in for WhatsApp Business Cloud API, for tests (decision 085). It speaks the
// documented shapes: POST /{version}/{phone-number-id}/messages with a Bearer token and a template
// message's body, answered `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`
// or an error body `{ error: { message, type, code, error_subcode, fbtrace_id } }`; and signed
// webhooks back to the app (X-Hub-Signature-256: sha256=HMAC-SHA256(app secret, raw body)) with
// the statuses sent, delivered, read and failed, and shoppers' text replies.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

/** A template message the fake took, as it arrived. */
export interface FakeWhatsAppMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  params: string[];
}

/** Every call made, with what the fake answered. */
export interface FakeWhatsAppCall {
  path: string;
  authorized: boolean;
  status: number;
}

/** A Cloud API error to answer with. */
export interface FakeWhatsAppError {
  status: number;
  code: number;
  message?: string;
  type?: string;
  subcode?: number;
}

/** The Cloud API's throttling error (retryable) and a template error (not). */
export const RATE_LIMITED: FakeWhatsAppError = {
  status: 429,
  code: 130429,
  message: 'Rate limit hit',
  type: 'OAuthException',
};
export const TEMPLATE_MISSING: FakeWhatsAppError = {
  status: 404,
  code: 132001,
  message: 'Template name does not exist in the translation',
  type: 'OAuthException',
};
export const SERVER_ERROR: FakeWhatsAppError = {
  status: 500,
  code: 1,
  message: 'An unknown error occurred',
  type: 'OAuthException',
};

/** A webhook delivery: the raw body and the headers WhatsApp sends with it. */
export interface FakeWhatsAppWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface WhatsAppFake {
  /** WHATSAPP_API_URL. */
  url: string;
  messages: FakeWhatsAppMessage[];
  calls: FakeWhatsAppCall[];
  /** Answer the next `count` sends with this error instead of taking them. */
  failNext(count: number, error: FakeWhatsAppError): void;
  /** A delay before each answer (ms), to make sends overlap. */
  delay(ms: number): void;
  /** A status webhook for a message the fake took, signed with the app secret. */
  statusWebhook(
    messageId: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    options?: { timestamp?: number; errors?: { code: number; title: string }[] },
  ): FakeWhatsAppWebhook;
  /** A shopper's text reply from a number (91 and 10 digits), signed with the app secret. */
  replyWebhook(from: string, text: string): FakeWhatsAppWebhook;
  /** Signed as WhatsApp signs: `sha256=` and the hex HMAC of the raw body. */
  sign(body: string): string;
  /** POST a webhook to a URL (the app listening), answering its status. */
  deliver(webhookUrl: string, webhook: FakeWhatsAppWebhook): Promise<number>;
  close(): Promise<void>;
}

const TEMPLATE_MESSAGE_FIELDS = ['messaging_product', 'recipient_type', 'to', 'type', 'template'];

/** What is wrong with a request body, as the Cloud API's (#100) invalid parameter errors say. */
function problemWith(body: Json, version: string, path: string): string | undefined {
  if (!/^v\d+\.\d+$/.test(version)) return `Unknown path components: ${path}`;
  for (const field of TEMPLATE_MESSAGE_FIELDS) {
    if (!(field in body)) return `The parameter ${field} is required.`;
  }
  if (body.messaging_product !== 'whatsapp') return 'messaging_product must be whatsapp';
  if (body.recipient_type !== 'individual') return 'recipient_type must be individual';
  if (body.type !== 'template') return 'type must be template';
  if (typeof body.to !== 'string' || !/^\d{8,15}$/.test(body.to)) return 'to is not a number';
  const template = body.template as Json;
  if (typeof template?.name !== 'string') return 'template.name is required';
  const language = template.language as Json | undefined;
  if (typeof language?.code !== 'string') return 'template.language.code is required';
  const components = (template.components ?? []) as Json[];
  if (!Array.isArray(components)) return 'template.components must be an array';
  for (const component of components) {
    if (component.type !== 'body') return 'only body components are expected';
    for (const parameter of (component.parameters ?? []) as Json[]) {
      if (parameter.type !== 'text' || typeof parameter.text !== 'string') {
        return 'body parameters must be text';
      }
    }
  }
  return undefined;
}

export async function startWhatsAppFake({
  token,
  phoneNumberId,
  appSecret,
}: {
  token: string;
  phoneNumberId: string;
  appSecret: string;
}): Promise<WhatsAppFake> {
  const messages: FakeWhatsAppMessage[] = [];
  const calls: FakeWhatsAppCall[] = [];
  const failures: FakeWhatsAppError[] = [];
  let delayMs = 0;

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
    return status;
  };
  const errorBody = (error: Omit<FakeWhatsAppError, 'status'>) => ({
    error: {
      message: error.message ?? 'Error',
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.subcode !== undefined ? { error_subcode: error.subcode } : {}),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const path = (req.url ?? '/').split('?')[0]!;
    const match = /^\/([^/]+)\/([^/]+)\/messages$/.exec(path);
    if (req.method !== 'POST' || !match) {
      return answer(res, 404, errorBody({ code: 100, message: `Unknown path ${path}` }));
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      return answer(res, 401, errorBody({ code: 190, message: 'Invalid OAuth access token.' }));
    }
    if (match[2] !== phoneNumberId) {
      return answer(res, 400, errorBody({ code: 100, message: 'Unsupported post request.' }));
    }
    let body: Json;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
    } catch {
      return answer(res, 400, errorBody({ code: 100, message: 'Invalid JSON' }));
    }
    const problem = problemWith(body, match[1]!, path);
    if (problem) return answer(res, 400, errorBody({ code: 100, message: problem }));
    const failure = failures.shift();
    if (failure) return answer(res, failure.status, errorBody(failure));
    const template = body.template as {
      name: string;
      language: { code: string };
      components?: { parameters?: { text: string }[] }[];
    };
    const id = `wamid.${randomBytes(18).toString('base64url')}`;
    messages.push({
      id,
      to: body.to as string,
      template: template.name,
      language: template.language.code,
      params: (template.components ?? []).flatMap((c) => (c.parameters ?? []).map((p) => p.text)),
    });
    return answer(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id }],
    });
  }

  const server = createServer((req, res) => {
    void handle(req, res).then(
      (status) =>
        calls.push({
          path: req.url ?? '',
          authorized: req.headers.authorization === `Bearer ${token}`,
          status,
        }),
      () => answer(res, 500, errorBody({ code: 1, message: 'fake failed' })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign = (body: string) =>
    `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
  const webhook = (value: Json): FakeWhatsAppWebhook => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) },
    };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    calls,
    failNext(count, error) {
      for (let i = 0; i < count; i += 1) failures.push(error);
    },
    delay(ms) {
      delayMs = ms;
    },
    statusWebhook(messageId, status, options = {}) {
      const message = messages.find((m) => m.id === messageId);
      return webhook({
        statuses: [
          {
            id: messageId,
            status,
            timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
            recipient_id: message?.to ?? '919820012345',
            ...(status === 'failed'
              ? { errors: options.errors ?? [{ code: 131026, title: 'Message undeliverable' }] }
              : {}),
          },
        ],
      });
    },
    replyWebhook(from, text) {
      return webhook({
        contacts: [{ profile: { name: 'Shopper' }, wa_id: from }],
        messages: [
          {
            from,
            id: `wamid.${randomBytes(18).toString('base64url')}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      });
    },
    sign,
    async deliver(webhookUrl, { body, headers }) {
      const res = await fetch(webhookUrl, { method: 'POST', headers, body });
      await res.arrayBuffer();
      return res.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
