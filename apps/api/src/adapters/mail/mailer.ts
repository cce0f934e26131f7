/** One e-mail, with an HTML part and a plain-text part. */
export interface MailMessage {
  /**
   * The mail's own id (its outbox row's): its Message-ID, the same on every try, so a mail
   * handed over twice is one message to whoever receives it.
   */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends Pehnava's e-mail. send() resolves only once the mail has been handed over. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-outbox';
  send(message: MailMessage): Promise<void>;
}

/** The mail could not be handed to the mail server; nothing was sent. */
export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super('Mail could not be sent', { cause });
    this.name = 'MailDeliveryError';
  }
}
