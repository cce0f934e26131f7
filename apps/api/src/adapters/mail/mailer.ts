/** A file sent with a mail (a tax invoice's PDF). */
export interface MailAttachment {
  /** Letters, digits, '-' and '.' only: it is shown to the shopper and saved by their mail program. */
  filename: string;
  contentType: string;
  content: Buffer;
}

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
  /**
   * Files sent with it, made by the outbox as it sends the mail from the references it queued
   * (decision 082); a mail is queued without them.
   */
  attachments?: MailAttachment[];
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
