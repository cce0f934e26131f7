import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteInfoResponseSchema, type SiteInfo } from '@pehnava/shared';
import type { Config } from '../../config.js';

export function siteInfoFrom(config: Config): SiteInfo {
  return {
    brand: 'Pehnava',
    contact: {
      phone: config.CONTACT_PHONE,
      email: config.CONTACT_EMAIL,
      city: config.CONTACT_CITY,
    },
    social: { instagram: config.INSTAGRAM_URL, linkedin: config.LINKEDIN_URL },
  };
}

export const siteRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const site = siteInfoFrom(config);
  app.get(
    '/site',
    {
      schema: {
        tags: ['Site'],
        summary: 'Brand and contact details for the footer and contact page',
        response: { 200: siteInfoResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { success: true as const, site };
    },
  );
};
