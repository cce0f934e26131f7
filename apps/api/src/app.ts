import compress from '@fastify/compress';
import { createServer } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { imagesDirFor } from './adapters/images/local-disk.js';
import { AccessLog } from './lib/access-log.js';
import { processMetrics } from './lib/metrics/metrics.js';
import { REQUEST_ID_HEADER, createRequestIds } from './lib/request-id.js';
import { requestLoggerFactory } from './lib/logger.js';
import { API_VERSION } from './lib/version.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { productSearchRoutes } from './modules/catalogue/product-search.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { bookingsRoutes } from './modules/bookings/bookings.routes.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { pincodesRoutes } from './modules/pincodes/pincodes.routes.js';
import { couponsRoutes } from './modules/coupons/coupons.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { devMailPages } from './modules/dev-mail/dev-mail.page.js';
import { devClockRoutes } from './modules/dev-clock/dev-clock.routes.js';
import { devMailRoutes } from './modules/dev-mail/dev-mail.routes.js';
import { whatsAppRoutes } from './modules/whatsapp/whatsapp.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.js';
import { notifyMeRoutes } from './modules/notify-me/notify-me.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { handleClientError, handleRouterError, registerErrorHandling } from './plugins/errors.js';
import { registerEtags } from './plugins/etags.js';
import { createAuthenticate } from './plugins/auth.js';
import { metricsRoutes, registerRouteTimings } from './plugins/metrics.js';
import { openRedis, registerRateLimits } from './plugins/rate-limits.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { readWebApp, registerWeb } from './plugins/web.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerCrossOrigin } from './plugins/cross-origin.js';
import { createKeptReads, type KeptReads } from './plugins/kept-reads.js';
import { registerPublicOrigin } from './plugins/public-origin.js';
import { createPageMetaResolver } from './modules/site/page-meta.js';
import type { Services } from './services.js';
import type { OffsetClock } from './lib/clock.js';

/** Methods that change nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AppOptions {
  /** Built by the composition root (services.ts), with the logger the app logs to. */
  services: Services;
  /** The built web app; omit to serve the API alone. */
  webRoot?: string;
  /**
   * What GET /metrics serves beside the shop's counts, when not this process's own metrics: a
   * cluster's worker asks its primary for every worker's, summed (lib/metrics/cluster-metrics.ts).
   */
  processMetricsText?: () => Promise<string>;
  /**
   * false: every request goes through Fastify, the catalogue's kept answers included (the test
   * that compares the two paths). Default true (plugins/kept-reads.ts, decision 080).
   */
  keptReads?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** The catalogue's kept answers sent before routing; null when Fastify answers everything. */
    keptReads: KeptReads | null;
  }
}

/** Build the whole application: the API under /api, images and the web app elsewhere. */
export async function buildApp({
  services,
  webRoot,
  processMetricsText,
  keptReads: keptReadsWanted = true,
}: AppOptions): Promise<FastifyInstance> {
  const {
    config,
    database,
    catalogue,
    users,
    subscriptions,
    cart,
    wishlist,
    coupons,
    payments,
    sandbox,
    devOutbox,
  } = services;
  const genReqId = createRequestIds();
  // Set once the app is built: the catalogue's kept answers, sent before Fastify routes a request.
  let keptReads: KeptReads | undefined;
  const app = Fastify({
    // Fastify's own HTTP server, with the kept answers in front of its handler (decision 080).
    serverFactory: (handler, options) => {
      const server = createServer((request, response) => {
        if (!keptReads?.answer(request, response)) handler(request, response);
      });
      const timeouts = options as { keepAliveTimeout?: number; requestTimeout?: number };
      if (timeouts.keepAliveTimeout !== undefined)
        server.keepAliveTimeout = timeouts.keepAliveTimeout;
      if (timeouts.requestTimeout !== undefined) server.requestTimeout = timeouts.requestTimeout;
      return server;
    },
    loggerInstance: services.logger,
    // Each request's logger is made when the request first writes a line (lib/logger.ts).
    childLoggerFactory: requestLoggerFactory,
    // One line per write, failure or slow answer, not two for every request (decision 062); every
    // answer's time counted for /metrics under its route's pattern (decision 075).
    logController: new AccessLog({
      mode: config.ACCESS_LOG,
      slowMs: config.SLOW_REQUEST_MS,
      timings: services.metrics.timings,
    }),
    // The load balancer's X-Request-Id when it is a sane one, else this process's own (decision 075).
    genReqId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // In-flight requests finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // What the router itself refuses (a broken %-escape, a path segment too long) and what HTTP
    // cannot parse, in the API's error shape.
    frameworkErrors: handleRouterError,
    clientErrorHandler: handleClientError,
  }).withTypeProvider<ZodTypeProvider>();
  // Before any route: each route registered from here on counts its timings under its pattern.
  registerRouteTimings(app, services.metrics.timings);
  // Node's own metrics (event-loop lag among them) are measured from now on.
  processMetrics();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: any other body type is answered 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);
  registerPublicOrigin(app, { publicUrl: config.PUBLIC_URL });

  // While shutting down, responses still in flight close their connection when sent, so a
  // keep-alive socket does not hold the process open until its idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    keptReads?.close();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Every answer carries its request's id, the one its log lines have.
    reply.header(REQUEST_ID_HEADER, request.id);
    if (closing) reply.header('connection', 'close');
    // A shopper's write (whatever it changed) drops their kept cart view before they hear back,
    // so their next read sees it; other processes learn of it by NOTIFY (decision 058).
    if (request.account && !SAFE_METHODS.has(request.method)) {
      services.cartAnswers.forget(request.account.id);
    }
    done(null, payload);
  });

  const web = readWebApp(webRoot);
  const securityHeaders = registerSecurityHeaders(
    app,
    config.isProduction,
    config.PUBLIC_URL,
    services.provider.pageSources,
    web?.scriptSources,
  );
  const { variesByOrigin } = await registerCrossOrigin(app, config.CORS_ORIGINS);
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

  app.decorate('services', services);
  const redis = await openRedis(app, config);
  const authLimiter = await registerRateLimits(app, config, redis);
  const authenticate = createAuthenticate(users);
  await registerApiDocs(app, { version: API_VERSION, publicUrl: config.PUBLIC_URL });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        database,
        version: API_VERSION,
        readiness: services.readiness,
        redis,
      });
      await api.register(catalogueRoutes, { catalogue });
      await api.register(productSearchRoutes, { productSearch: services.productSearch });
      await api.register(subscriptionsRoutes, {
        subscriptions,
        planBilling: services.planBilling,
        authenticate,
      });
      await api.register(siteRoutes, { config });
      await api.register(usersRoutes, { users, authLimiter, authenticate });
      await api.register(cartRoutes, { cart, authenticate });
      await api.register(wishlistRoutes, { wishlist, authenticate });
      await api.register(notifyMeRoutes, { notifyMe: services.notifyMe, authenticate });
      await api.register(whatsAppRoutes, { ...services.whatsapp, authenticate });
      await api.register(reviewsRoutes, { reviews: services.reviews, authenticate });
      await api.register(couponsRoutes, { coupons, authenticate });
      await api.register(pincodesRoutes, { pincodes: services.pincodes });
      await api.register(bookingsRoutes, {
        checkout: services.checkout,
        myBookings: services.myBookings,
        cancellation: services.cancellation,
        atRisk: services.atRisk,
        inventory: services.inventory,
        pincodes: services.pincodes,
        balance: services.balance,
        extensions: services.extensions,
        fitWindow: services.fitWindow,
        authenticate,
      });
      await api.register(paymentsRoutes, { payments, sandbox });
      await api.register(adminRoutes, {
        operations: services.operations,
        cancellation: services.cancellation,
        atRisk: services.atRisk,
        fulfilment: services.fulfilment,
        units: services.units,
        charges: services.charges,
        operatorConsole: services.operatorConsole,
        productAdmin: services.productAdmin,
        imageUploads: services.imageUploads,
        reportsAdmin: services.reportsAdmin,
        refundsAdmin: services.refundsAdmin,
        couponsAdmin: services.couponsAdmin,
        customers: services.customers,
        notServed: services.notServed,
        reviews: services.reviews,
        shopHealth: services.shopHealth,
        taxDocuments: services.taxDocuments,
        authenticate,
      });
      // The development mailbox exists only outside production (config requires SMTP there).
      if (devOutbox && !config.isProduction) await api.register(devMailRoutes, { devOutbox });
      const { clock } = services;
      if (config.TEST_CLOCK && !config.isProduction && 'advance' in clock) {
        await api.register(devClockRoutes, { clock: clock as OffsetClock, jobs: services.jobs });
      }
    },
    { prefix: '/api' },
  );
  if (devOutbox && !config.isProduction) await app.register(devMailPages, { devOutbox });
  const { metrics } = services;
  await app.register(metricsRoutes, {
    token: config.METRICS_TOKEN,
    text: processMetricsText
      ? async () => {
          const [summed, counted] = await Promise.all([processMetricsText(), metrics.shopText()]);
          return `${summed}\n${counted}`;
        }
      : metrics.text,
    contentType: metrics.contentType,
  });

  await registerWeb(app, {
    web,
    pageMeta: createPageMetaResolver(catalogue),
    catalogue,
    images: services.servedImages,
  });
  // An access line for every request ('all') is a line Fastify writes: then Fastify answers all.
  if (keptReadsWanted && config.ACCESS_LOG !== 'all') {
    keptReads = createKeptReads({
      catalogue,
      securityHeaders,
      variesByOrigin,
      genReqId,
      publicUrl: config.PUBLIC_URL,
      timings: metrics.timings,
      logger: services.logger,
      slowMs: config.SLOW_REQUEST_MS,
    });
  }
  app.decorate('keptReads', keptReads ?? null);
  return app;
}

export { imagesDirFor };
