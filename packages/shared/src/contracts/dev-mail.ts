import { z } from 'zod';

/** A mail kept by the development mailbox (no SMTP configured, never in production). */
export const devMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Files sent with it (a tax invoice's PDF): GET /api/dev/mail/{id}/attachments/{index}. */
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() }),
  ),
  sentAt: z.iso.datetime({ offset: true }),
});
export type DevMail = z.infer<typeof devMailSchema>;

export const devMailResponseSchema = z.object({
  success: z.literal(true),
  mails: z.array(devMailSchema),
});
export type DevMailResponse = z.infer<typeof devMailResponseSchema>;

export const devMailAttachmentParamsSchema = z.object({
  id: z.string().max(64),
  index: z.coerce.number().int().min(0).max(99),
});
