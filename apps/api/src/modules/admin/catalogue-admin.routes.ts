import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CATALOGUE_ADMIN_MESSAGES,
  MESSAGES,
  adminProductBodySchema,
  adminProductResponseSchema,
  adminProductsQuerySchema,
  adminProductsResponseSchema,
  uploadedImageResponseSchema,
} from '@pehnava/shared';
import { z } from 'zod';
import { NEEDS_SESSION, errorResponses } from '../../lib/api-docs.js';
import { badRequest } from '../../lib/http-error.js';
import { MAX_UPLOAD_BYTES, type ImageUploads } from '../catalogue/image-uploads.js';
import type { ProductAdmin } from '../catalogue/product-admin.service.js';

/** The photo types an upload may be, sent as the raw body with its own Content-Type. */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic'];

const productParams = z.object({ id: z.uuid({ error: MESSAGES.productNotFound }) });

/**
 * The catalogue for admins (issue [K]): list, read, create and edit products with their sizes,
 * units, filters and images, and upload photos. Registered inside adminRoutes, whose guards cover
 * it; admins only (prices are not a packer's).
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{
  productAdmin: ProductAdmin;
  imageUploads: ImageUploads;
}> = async (app, { productAdmin, imageUploads }) => {
  const docs = { tags: ['Admin'], security: NEEDS_SESSION };
  const one = { 200: adminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409) };
  // Photos come as their own bytes (no multipart wrapping), in this scope only.
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/admin/products',
    {
      schema: {
        ...docs,
        summary: 'Products, newest listing first, 25 a page; `q` searches names and codes',
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        ...(await productAdmin.list(request.query, request.publicOrigin)),
      };
    },
  );

  app.get(
    '/admin/products/:id',
    {
      schema: {
        ...docs,
        summary: 'One product as operators edit it: sizes with units, filters, images, version',
        params: productParams,
        response: one,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        product: await productAdmin.detail(request.params.id.toLowerCase(), request.publicOrigin),
      };
    },
  );

  app.post(
    '/admin/products',
    {
      schema: {
        ...docs,
        summary: 'Create a product with its sizes, units, filters and images',
        description:
          'The price tier (category) is derived from the MRP. A code already used is a 409. The shop shows it at once, in every API process.',
        body: adminProductBodySchema,
        response: one,
      },
    },
    async (request) => {
      const product = await productAdmin.create(request.body, request.publicOrigin);
      return {
        success: true as const,
        message: CATALOGUE_ADMIN_MESSAGES.created(product.productId),
        product,
      };
    },
  );

  app.put(
    '/admin/products/:id',
    {
      schema: {
        ...docs,
        summary: 'Save a product: every field, sizes (added, never removed), units (added), images',
        description:
          'Send `version` as read: if someone saved the product since, nothing changes and the answer is a 409. A size cannot be removed (switch it off) and units cannot be dropped (retire them on the Units screen).',
        params: productParams,
        body: adminProductBodySchema,
        response: one,
      },
    },
    async (request) => {
      const product = await productAdmin.update(
        request.params.id.toLowerCase(),
        request.body,
        request.publicOrigin,
      );
      return {
        success: true as const,
        message: CATALOGUE_ADMIN_MESSAGES.saved(product.productId),
        product,
      };
    },
  );

  app.post(
    '/admin/images',
    {
      schema: {
        ...docs,
        summary: 'Upload a product photo (the raw JPEG, PNG, WebP or AVIF bytes, up to 15 MB)',
        description:
          "Cropped to the shop's 600 × 800 slot as WebP and AVIF, the original kept. Put the returned `url` in a product's `images`.",
        response: {
          200: uploadedImageResponseSchema,
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw badRequest(CATALOGUE_ADMIN_MESSAGES.imageUnreadable);
      const stored = await imageUploads.upload(request.body);
      return {
        success: true as const,
        message: CATALOGUE_ADMIN_MESSAGES.imageUploaded,
        ...stored,
        url: `${request.publicOrigin}${stored.url}`,
      };
    },
  );
};
