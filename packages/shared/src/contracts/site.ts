import { z } from 'zod';

/** Brand and contact details the web app shows (footer, contact page); set by configuration. */
export const siteInfoSchema = z.object({
  brand: z.string(),
  contact: z.object({ phone: z.string(), email: z.string(), city: z.string() }),
  social: z.object({ instagram: z.string(), linkedin: z.string() }),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const siteInfoResponseSchema = z.object({
  success: z.literal(true),
  site: siteInfoSchema,
});
export type SiteInfoResponse = z.infer<typeof siteInfoResponseSchema>;
