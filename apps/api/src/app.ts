import { resolve } from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { loggerOptions } from './lib/logger.js';
import { API_VERSION } from './lib/version.js';
import { createCatalogueRepository } from './modules/catalogue/catalogue.repository.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import {
  createCatalogueService,
  type CatalogueService,
} from './modules/catalogue/catalogue.service.js';
import { createCartRepository } from './modules/cart/cart.repository.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { createCartService } from './modules/cart/cart.service.js';
import { createCouponsRepository } from './modules/coupons/coupons.repository.js';
import { couponsRoutes } from './modules/coupons/coupons.routes.js';
import { createCouponsService } from './modules/coupons/coupons.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createSubscriptionsRepository } from './modules/subscriptions/subscriptions.repository.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { createDevOutbox, type DevOutbox } from './adapters/mail/dev-outbox.js';
import type { Mailer } from './adapters/mail/mailer.js';
import { createSmtpMailer } from './adapters/mail/smtp.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import { createTokenService } from './lib/tokens.js';
import { devMailPages } from './modules/dev-mail/dev-mail.page.js';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService, type UsersService } from './modules/users/users.service.js';
import { createWishlistRepository } from './modules/wishlist/wishlist.repository.js';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.js';
import { createWishlistService } from './modules/wishlist/wishlist.service.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerEtags } from './plugins/etags.js';
import { createAuthenticate } from './plugins/auth.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './plugins/web.js';
import { createPageMetaResolver } from './modules/site/page-meta.js';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built web app; omit to serve the API alone. */
  webRoot?: string;
  /** Override the logger (tests pass false or a stream). */
  logger?: FastifyServerOptions['logger'];
  /** Override the mailer (tests); otherwise SMTP when SMTP_URL is set, else the dev mailbox. */
  mailer?: Mailer;
}

export interface AppServices {
  catalogue: CatalogueService;
  users: UsersService;
  /** The development mailbox, when mail goes there. */
  devOutbox?: DevOutbox;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Build the whole application: the API under /api, images and the web app elsewhere. */
export async function buildApp({
  config,
  database,
  webRoot,
  logger,
  mailer: mailerOverride,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: any other body type is answered 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);

  // While shutting down, responses still in flight close their connection when sent, so a
  // keep-alive socket does not hold the process open until its idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  registerSecurityHeaders(app, config.isProduction);
  if (config.CORS_ORIGINS.length > 0) {
    await app.register(cors, { origin: config.CORS_ORIGINS, credentials: false });
  }
  // ETags are computed on the uncompressed body: this onSend hook runs before compression's.
  registerEtags(app);
  // Responses compressed per request (the cart, the wishlist, images) use a low brotli quality:
  // within a few per cent of quality 5's size at a third of its CPU (decision 040); what is read
  // often and changes rarely (the catalogue, pages) is compressed once, harder, and kept.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
    zlibOptions: { level: 6 },
  });

  const catalogue = createCatalogueService(createCatalogueRepository(database.db), {
    cacheTtlMs: config.CATALOGUE_CACHE_TTL_MS,
  });
  const subscriptions = createSubscriptionsService(createSubscriptionsRepository(database.db));
  const cart = createCartService({
    repository: createCartRepository(database.db),
    catalogue,
    subscriptions,
    reservation: {
      leadDays: config.RESERVATION_LEAD_DAYS,
      turnaroundDays: config.RESERVATION_TURNAROUND_DAYS,
    },
  });
  const wishlist = createWishlistService({
    repository: createWishlistRepository(database.db),
    catalogue,
  });
  const coupons = createCouponsService({ repository: createCouponsRepository(database.db), cart });
  const devOutbox =
    mailerOverride || config.SMTP_URL
      ? undefined
      : createDevOutbox({ from: config.MAIL_FROM, logger: app.log });
  const mailer =
    mailerOverride ??
    devOutbox ??
    createSmtpMailer({ url: config.SMTP_URL!, from: config.MAIL_FROM });
  const jwtSecret = resolveJwtSecret(config);
  const users = createUsersService({
    repository: createUsersRepository(database.db),
    mailer,
    tokens: createTokenService(jwtSecret),
    codeKey: jwtSecret,
  });
  app.decorate('services', { catalogue, users, ...(devOutbox ? { devOutbox } : {}) });
  const authLimiter = await registerRateLimits(app, config);
  const authenticate = createAuthenticate(users);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, version: API_VERSION });
      await api.register(catalogueRoutes, { catalogue });
      await api.register(subscriptionsRoutes, { subscriptions, authenticate });
      await api.register(siteRoutes, { config });
      await api.register(usersRoutes, { users, authLimiter, authenticate });
      await api.register(cartRoutes, { cart, authenticate });
      await api.register(wishlistRoutes, { wishlist, authenticate });
      await api.register(couponsRoutes, { coupons, authenticate });
      // The development mailbox exists only outside production (config requires SMTP there).
      if (devOutbox && !config.isProduction) await api.register(devMailRoutes, { devOutbox });
    },
    { prefix: '/api' },
  );
  if (devOutbox && !config.isProduction) await app.register(devMailPages, { devOutbox });

  await registerWeb(app, {
    webRoot,
    imagesDir: imagesDirFor(config),
    pageMeta: createPageMetaResolver(catalogue),
    ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
  });
  return app;
}

export function imagesDirFor(config: Pick<Config, 'DATA_DIR'>): string {
  return resolve(config.DATA_DIR, 'images');
}
