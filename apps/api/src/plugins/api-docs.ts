import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartEntrySchema,
  errorResponseSchema,
  planSchema,
  productSchema,
  subscriptionSchema,
  userSchema,
} from '@pehnava/shared';
import { API_TAGS, BEARER_SCHEME, WHATSAPP_SIGNATURE_SCHEME } from '../lib/api-docs.js';

/** The reference page; its OpenAPI document is at `${API_DOCS_PREFIX}/json` (and `/yaml`). */
export const API_DOCS_PREFIX = '/api/docs';

const DESCRIPTION = [
  "Pehnava's API, for the web app and any other front end. Every request and response is the zod",
  'contract in packages/shared/src/contracts; this reference is generated from the same schemas.',
  '',
  'Money is in rupees. Errors are always `{ "success": false, "message": … }` with a fitting status;',
  'the message can be shown to the shopper. Image URLs are absolute. Browsers on another origin',
  'may call the API when that origin is in the server’s CORS_ORIGINS.',
].join('\n');

/**
 * The shapes that appear in several answers, named once in the reference's components. The names
 * go into zod's global registry, where the contracts' descriptions are, so the reference keeps
 * both; adding the same name to the same schema again (another app in the process) changes nothing.
 */
const NAMED_SCHEMAS = [
  [productSchema, 'Product'],
  [cartEntrySchema, 'CartEntry'],
  [planSchema, 'Plan'],
  [subscriptionSchema, 'Subscription'],
  [userSchema, 'User'],
  [errorResponseSchema, 'Error'],
] as const;
for (const [schema, id] of NAMED_SCHEMAS) {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

/**
 * The brand's mark (as the shop's icons draw it, apps/web/build/installable.ts) and a wordmark,
 * for the reference's top bar.
 */
const LOGO_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 260 64" width="260" height="64">',
  '<rect width="64" height="64" rx="14" fill="#7a1f3d"/>',
  '<path d="M22 48V16h12c7 0 11 4 11 10s-4 10-11 10h-6v12z" fill="#f4d58d"/>',
  '<path d="M28 22v8h5c3 0 5-1.5 5-4s-2-4-5-4z" fill="#7a1f3d"/>',
  '<text x="80" y="43" font-family="Georgia, serif" font-size="30" fill="#f4d58d">Pehnava API</text>',
  '</svg>',
].join('');

type OpenApiDocument = ReturnType<SwaggerTransformObject>;

/**
 * Every component is made twice, as a request ('…Input') and as a response shape; these are all
 * response shapes, so drop the components nothing refers to.
 */
function withoutUnusedComponents(document: OpenApiDocument): OpenApiDocument {
  const schemas = 'components' in document ? document.components?.schemas : undefined;
  if (!schemas) return document;
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name) && schemas[name]) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit({ ...document, components: undefined });
  // The document was made for this call, so it is trimmed in place.
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
}

/**
 * The API reference: an OpenAPI 3.1 document made from the routes' zod schemas, and Swagger UI
 * (served from the npm package, no CDN) to read it at /api/docs. Only /api routes are described.
 * Register before the routes, so that every route is seen.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  { version, publicUrl }: { version: string; publicUrl?: string },
) {
  const transform = createJsonSchemaTransform({});
  const transformObject = createJsonSchemaTransformObject({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Pehnava API', version, description: DESCRIPTION },
      ...(publicUrl ? { servers: [{ url: publicUrl.replace(/\/+$/, '') }] } : {}),
      tags: API_TAGS,
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The token from /api/user/login or /api/user/verify-otp, as `Authorization: Bearer <token>`. Valid 7 days; a password change or account deletion ends it.',
          },
          [WHATSAPP_SIGNATURE_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Hub-Signature-256',
            description:
              'WhatsApp’s webhook signature: `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret (WHATSAPP_APP_SECRET). A delivery without a right one is a 401.',
          },
        },
      },
    },
    transform: (document) =>
      document.url.startsWith('/api/')
        ? transform(document)
        : { schema: { hide: true }, url: document.url },
    transformObject: (document) => withoutUnusedComponents(transformObject(document)),
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    theme: { title: 'Pehnava API reference' },
    logo: { type: 'image/svg+xml', content: LOGO_SVG, href: API_DOCS_PREFIX, target: '_self' },
    // No call to an outside validator: the page loads only what this server sends.
    validatorUrl: false,
    uiConfig: {
      docExpansion: 'list',
      defaultModelsExpandDepth: 1,
      defaultModelExpandDepth: 3,
      displayRequestDuration: true,
      tryItOutEnabled: false,
    },
  });
}
