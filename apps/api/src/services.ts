import type { FastifyBaseLogger } from 'fastify';
import { createDevOutbox, type DevOutbox } from './adapters/mail/dev-outbox.js';
import type { Mailer } from './adapters/mail/mailer.js';
import { createSmtpMailer } from './adapters/mail/smtp.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createRepositories, type Repositories } from './db/repositories.js';
import { createUnitOfWork, type UnitOfWork } from './db/unit-of-work.js';
import { MAIL_OUTBOX_JOB, mailOutboxJob } from './jobs/mail-outbox.job.js';
import {
  REFUNDS_JOB,
  bookingHoldsJob,
  refundsJob,
  sandboxWebhooksJob,
} from './jobs/payment-jobs.js';
import { createPayments } from './adapters/payments/create-provider.js';
import { planRemindersJob, planRenewalsJob } from './jobs/plan-jobs.js';
import {
  balanceOffSessionJob,
  balanceRemindersJob,
  lateFeesJob,
  unitsReadyJob,
} from './jobs/unit-jobs.js';
import { notifyMeJob } from './jobs/notify-me.job.js';
import {
  WHATSAPP_OUTBOX_JOB,
  whatsAppDueBackJob,
  whatsAppOutboxJob,
} from './jobs/whatsapp-outbox.job.js';
import { createDueBackReminders } from './modules/whatsapp/reminders.js';
import { createWhatsAppSender } from './adapters/whatsapp/create-whatsapp.js';
import type { DevWhatsApp } from './adapters/whatsapp/dev-whatsapp.js';
import { WhatsAppSendError, type WhatsAppSender } from './adapters/whatsapp/whatsapp.js';
import {
  createWhatsAppOutbox,
  type WhatsAppOutbox,
} from './modules/whatsapp/whatsapp-outbox.service.js';
import { createWhatsAppOptIn, type WhatsAppOptIn } from './modules/whatsapp/whatsapp.service.js';
import {
  createWhatsAppWebhooks,
  type WhatsAppWebhooks,
} from './modules/whatsapp/whatsapp-webhook.service.js';
import {
  createPlanBillingService,
  type PlanBillingService,
} from './modules/subscriptions/plan-billing.service.js';
import type { PaymentProvider } from './adapters/payments/provider.js';
import type { SandboxGateway, WebhookSender } from './adapters/payments/sandbox/gateway.js';
import {
  createPaymentsService,
  type PaymentsService,
} from './modules/payments/payments.service.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';
import { MIGRATIONS_FOLDER } from './db/migrate.js';
import { createMetrics, type Metrics } from './lib/metrics/metrics.js';
import { createReadiness, type Readiness } from './modules/health/readiness.js';
import { createShopHealth, type ShopHealthService } from './modules/health/shop-health.service.js';
import { systemClock, type Clock } from './lib/clock.js';
import { resolveJwtSecret } from './lib/jwt-secret.js';
import { createTokenService } from './lib/tokens.js';
import { createAtRisk, type AtRisk } from './modules/bookings/at-risk.service.js';
import { createNotifyMe, type NotifyMe } from './modules/notify-me/notify-me.service.js';
import { createReviews, type Reviews } from './modules/reviews/reviews.service.js';
import { createPincodeDirectory } from './modules/pincodes/pincode-directory.js';
import { createPincodes, type Pincodes } from './modules/pincodes/pincodes.service.js';
import { createNotServed, type NotServed } from './modules/pincodes/not-served.service.js';
import {
  createNotServedPrefixes,
  type NotServedPrefixes,
} from './modules/pincodes/not-served-prefixes.js';
import { createCancellation, type Cancellation } from './modules/bookings/cancellation.service.js';
import { createCheckout, type Checkout } from './modules/bookings/checkout.service.js';
import {
  PRODUCT_CALENDARS_KEPT,
  createInventory,
  type Inventory,
} from './modules/bookings/inventory.js';
import { createMyBookings, type MyBookings } from './modules/bookings/my-bookings.service.js';
import { createBalance, type Balance } from './modules/bookings/balance.service.js';
import { createExtensions, type Extensions } from './modules/bookings/extension.service.js';
import { createCharges, type Charges } from './modules/bookings/charges.service.js';
import { createFitWindow, type FitWindow } from './modules/bookings/fit-window.service.js';
import { createFulfilment, type Fulfilment } from './modules/bookings/fulfilment.service.js';
import { createOperatorConsole, type OperatorConsole } from './modules/admin/console.service.js';
import type { ImageStore } from './adapters/images/image-store.js';
import { createReportsAdmin, type ReportsAdmin } from './modules/admin/reports-admin.service.js';
import { createRefundsAdmin, type RefundsAdmin } from './modules/admin/refunds-admin.service.js';
import { createArtPictures, type ArtPictures } from './adapters/images/art-pictures.js';
import { createImageStore } from './adapters/images/create-image-store.js';
import { createServedImages, type ServedImages } from './adapters/images/served-images.js';
import {
  createCatalogueChanges,
  type CatalogueChanges,
} from './modules/catalogue/catalogue-changes.js';
import { createImageUploads, type ImageUploads } from './modules/catalogue/image-uploads.js';
import {
  createProductSearch,
  type ProductSearch,
} from './modules/catalogue/product-search.service.js';
import {
  createProductAdmin,
  type ProductAdmin,
} from './modules/catalogue/product-admin.service.js';
import { createCouponsAdmin, type CouponsAdmin } from './modules/admin/coupons-admin.service.js';
import { createCustomers, type Customers } from './modules/admin/customers.service.js';
import { createOperations, type Operations } from './modules/bookings/operations.service.js';
import { createUnits, type Units } from './modules/units/units.service.js';
import { createBookingSettlement } from './modules/bookings/settlement.js';
import { createCouponUses } from './modules/coupons/coupon-uses.js';
import { createPaymentIntake, type PaymentIntake } from './modules/payments/intake.js';
import { createReconciliation } from './modules/payments/reconcile.js';
import { createPlanSettlement } from './modules/subscriptions/plan-settlement.js';
import {
  createTaxDocuments,
  type TaxDocuments,
} from './modules/tax-documents/tax-documents.service.js';
import { createCartAnswers, type CartAnswers } from './modules/cart/cart-answers.js';
import { createChangeFeed, type ChangeFeed } from './db/change-feed.js';
import { createCartService, type CartService } from './modules/cart/cart.service.js';
import {
  createCatalogueService,
  type CatalogueService,
} from './modules/catalogue/catalogue.service.js';
import { createCouponsService, type CouponsService } from './modules/coupons/coupons.service.js';
import { createMailOutbox, type MailOutbox } from './modules/mail/outbox.service.js';
import {
  createSubscriptionsService,
  type SubscriptionsService,
} from './modules/subscriptions/subscriptions.service.js';
import { createUsersService, type UsersService } from './modules/users/users.service.js';
import {
  createWishlistService,
  type WishlistService,
} from './modules/wishlist/wishlist.service.js';

/** What the services are built from: the outside world, each behind its interface. */
export interface Infrastructure {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  /** The system clock unless a test moves time itself. */
  clock?: Clock;
  /** SMTP when SMTP_URL is set, else the development mailbox; tests may pass their own. */
  mailer?: Mailer;
  /** How the sandbox gateway reaches the app's webhook (default: HTTP to this server). */
  webhookSender?: WebhookSender;
  /** Where WhatsApp messages go, in place of WHATSAPP_PROVIDER's sender (tests). */
  whatsappSender?: WhatsAppSender;
}

export interface Services {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  clock: Clock;
  repos: Repositories;
  uow: UnitOfWork;
  mailer: Mailer;
  /** The development mailbox, when mail goes there. */
  devOutbox?: DevOutbox;
  mailOutbox: MailOutbox;
  /** The payment provider PAYMENT_PROVIDER names. */
  provider: PaymentProvider;
  /** The sandbox gateway (its checkout's pay endpoint), when PAYMENT_PROVIDER=sandbox. */
  sandbox?: SandboxGateway;
  payments: PaymentsService;
  /** The one place a captured payment's fate is decided (applied or refunded). */
  intake: PaymentIntake;
  /** GST tax invoices and credit notes, issued with the payments and refunds they are for. */
  taxDocuments: TaxDocuments;
  /** Bookings, split along their lifecycle. */
  inventory: Inventory;
  checkout: Checkout;
  myBookings: MyBookings;
  cancellation: Cancellation;
  atRisk: AtRisk;
  pincodes: Pincodes;
  /** The console's pincodes not served, kept in memory for the served check (decision 068). */
  notServedPrefixes: NotServedPrefixes;
  /** The console's list of pincodes not served: read, add, remove. */
  notServed: NotServed;
  operations: Operations;
  /** The physical loop: dispatch, returns, units' states. */
  fulfilment: Fulfilment;
  units: Units;
  /** The operator console's own reads: the Today board, the check-in preview. */
  operatorConsole: OperatorConsole;
  /** The console's coupons: list with uses, create, edit, pause. */
  couponsAdmin: CouponsAdmin;
  /** The console's Customers screen: find, read and anonymise accounts (admins only). */
  customers: Customers;
  /** What a booking owes after its rental. */
  charges: Charges;
  /** Paying those charges. */
  balance: Balance;
  /** Keeping a rental longer, paid like an order. */
  extensions: Extensions;
  /** Pieces reported within 24 hours of delivery. */
  fitWindow: FitWindow;
  catalogue: CatalogueService;
  /** GET /api/products and related products (decision 056). */
  productSearch: ProductSearch;
  /** Every process's snapshot refreshed on another's catalogue write (LISTEN/NOTIFY). */
  catalogueChanges: CatalogueChanges;
  /** Products as operators write them, and their uploaded photos. */
  productAdmin: ProductAdmin;
  imageUploads: ImageUploads;
  /** The seed's art as WebP pictures, made from its drawings when first asked for. */
  artPictures: ArtPictures;
  /** The shop's money and pieces, reported (decision 054). */
  reportsAdmin: ReportsAdmin;
  /** Refunds pending or failed, and their retry. */
  refundsAdmin: RefundsAdmin;
  /** Where images live: IMAGE_STORE's (DATA_DIR/images, PostgreSQL or a bucket; decision 076). */
  images: ImageStore;
  /** /images/… as served: from the store, the hot ones kept in memory (IMAGE_CACHE_MB). */
  servedImages: ServedImages;
  cart: CartService;
  /** Each shopper's cart view kept in memory until a write NOTIFYs it changed (decision 058). */
  cartAnswers: CartAnswers;
  /** The LISTEN for changes to what the cart view and product calendars are read from. */
  changeFeed: ChangeFeed;
  coupons: CouponsService;
  subscriptions: SubscriptionsService;
  /** Buying, changing, cancelling and renewing plans. */
  planBilling: PlanBillingService;
  users: UsersService;
  wishlist: WishlistService;
  notifyMe: NotifyMe;
  reviews: Reviews;
  /** Booking updates on WhatsApp (decision 085): opt-in, webhooks, and the outbox's sender. */
  whatsapp: {
    optIn: WhatsAppOptIn;
    webhooks: WhatsAppWebhooks;
    outbox: WhatsAppOutbox;
    /** WHATSAPP_PROVIDER's sender; none when it is off. */
    sender?: WhatsAppSender;
    /** The development stand-in, when WHATSAPP_PROVIDER=dev. */
    dev?: DevWhatsApp;
  };
  /** Background jobs; started by whoever runs the process (server, tests), stopped on close. */
  jobs: JobRunner;
  /** GET /api/ready's checks, and whether the process is draining (decision 075). */
  readiness: Readiness;
  /** The mail outbox, refunds and reconciliation at a glance (Today's health line, /metrics). */
  shopHealth: ShopHealthService;
  /** What /metrics serves. */
  metrics: Metrics;
}

/**
 * The one composition root: every service is built here, the same way for the HTTP app, the CLI,
 * the seed, the tests and the background jobs, from one database, clock, logger and mailer.
 */
export function createServices({
  config,
  database,
  logger,
  clock = systemClock,
  mailer: mailerOverride,
  webhookSender,
  whatsappSender,
}: Infrastructure): Services {
  const repos = createRepositories(database.db, clock);
  const uow = createUnitOfWork({
    db: database.db,
    clock,
    // The runner is made last (its jobs need the services); a commit happens only after that.
    afterCommit: {
      mailQueued: () => jobs.nudge(MAIL_OUTBOX_JOB),
      refundQueued: () => jobs.nudge(REFUNDS_JOB),
      whatsappQueued: () => jobs.nudge(WHATSAPP_OUTBOX_JOB),
    },
  });

  const devOutbox =
    mailerOverride || config.SMTP_URL
      ? undefined
      : createDevOutbox({ from: config.MAIL_FROM, logger, clock });
  const mailer =
    mailerOverride ??
    devOutbox ??
    createSmtpMailer({ url: config.SMTP_URL!, from: config.MAIL_FROM });

  const catalogue = createCatalogueService(repos.catalogue, {
    cacheTtlMs: config.CATALOGUE_CACHE_TTL_MS,
  });
  const catalogueChanges = createCatalogueChanges({ database, catalogue, logger });
  const productSearch = createProductSearch({
    repository: repos.productSearch,
    catalogue,
    cacheTtlMs: config.CATALOGUE_CACHE_TTL_MS,
  });
  const images = createImageStore({ config, db: database.db, clock });
  const imageUploads = createImageUploads(images);
  const artPictures = createArtPictures(images);
  const productAdmin = createProductAdmin({ repos, uow, catalogue, images, artPictures });
  const servedImages = createServedImages({
    store: images,
    artPictures,
    maxBytes: config.IMAGE_CACHE_MB * 1024 * 1024,
  });
  const subscriptions = createSubscriptionsService({ repository: repos.subscriptions, clock });
  /** The web app's address in mails and payment return links. */
  const siteUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const { provider, sandbox } = createPayments({
    config,
    db: database.db,
    clock,
    logger,
    ...(webhookSender ? { webhookSender } : {}),
  });
  const settings = {
    siteUrl,
    holdMinutes: config.BOOKING_HOLD_MINUTES,
  };
  const changeFeed = createChangeFeed({ database, logger });
  const inventory = createInventory({
    repos,
    catalogue,
    clock,
    feed: changeFeed,
    keptCalendars: config.CART_CACHE_ENTRIES > 0 ? PRODUCT_CALENDARS_KEPT : 0,
    days: {
      leadDays: config.RESERVATION_LEAD_DAYS,
      turnaroundDays: config.RESERVATION_TURNAROUND_DAYS,
    },
  });
  const couponUses = createCouponUses(clock);
  const cartAnswers = createCartAnswers({
    feed: changeFeed,
    maxEntries: config.CART_CACHE_ENTRIES,
  });
  const cart = createCartService({
    repository: repos.cart,
    catalogue,
    subscriptions,
    inventory,
    clock,
    answers: cartAnswers,
  });

  // Tax invoices and credit notes (decision 081): issued by the intake and the refund paths.
  const taxDocuments = createTaxDocuments({
    repos,
    seller: {
      name: config.SELLER_NAME,
      address: config.SELLER_ADDRESS,
      gstin: config.SELLER_GSTIN,
      state: config.SELLER_STATE,
    },
    ratePercent: config.GST_RATE_PERCENT,
    clock,
    logger,
  });
  // Payments: one intake decides every captured payment, with a settler per kind of order.
  const intake = createPaymentIntake({
    repos,
    uow,
    provider,
    invoices: taxDocuments,
    logger,
  });
  const settlement = createBookingSettlement({
    inventory,
    couponUses,
    catalogue,
    clock,
    siteUrl,
  });
  const planSettlement = createPlanSettlement({
    repos,
    cart,
    catalogue,
    clock,
    providerName: provider.name,
    settings,
  });
  intake.register('booking', settlement.settler);
  intake.register('subscription', planSettlement.purchase);
  intake.register('renewal', planSettlement.renewal);
  const balance = createBalance({ repos, uow, provider, intake, clock, logger, settings });
  intake.register('balance', balance.settler);
  const extensions = createExtensions({
    repos,
    uow,
    provider,
    intake,
    inventory,
    catalogue,
    clock,
    logger,
    settings,
  });
  intake.register('extension', extensions.settler);
  const reconciliation = createReconciliation({
    repos,
    uow,
    provider,
    intake,
    clock,
    logger,
    holdMinutes: config.BOOKING_HOLD_MINUTES,
  });

  const pincodeDirectory = createPincodeDirectory();
  const notServedPrefixes = createNotServedPrefixes({
    repository: repos.notServedPincodes,
    feed: changeFeed,
    logger,
  });
  const pincodes = createPincodes({
    directory: pincodeDirectory,
    clock,
    settings: {
      warehousePincode: config.WAREHOUSE_PINCODE,
      notServed: config.NOT_SERVED_PINCODES,
    },
    notServedKept: notServedPrefixes,
  });
  const notServed = createNotServed({
    repository: repos.notServedPincodes,
    kept: notServedPrefixes,
    directory: pincodeDirectory,
    settings: {
      warehousePincode: config.WAREHOUSE_PINCODE,
      configured: config.NOT_SERVED_PINCODES,
    },
  });
  const checkout = createCheckout({
    repos,
    uow,
    catalogue,
    subscriptions,
    inventory,
    couponUses,
    pincodes,
    settlement,
    provider,
    clock,
    logger,
    settings,
  });
  const myBookings = createMyBookings({
    repos,
    uow,
    provider,
    intake,
    settlement,
    balance,
    taxDocuments,
    logger,
  });
  const cancellation = createCancellation({
    repos,
    uow,
    inventory,
    couponUses,
    creditNotes: taxDocuments,
    settings,
  });
  const atRisk = createAtRisk({ repos, uow, catalogue, cancellation, settings });
  const charges = createCharges({ uow, clock, inventory, settings: { siteUrl } });
  const fulfilment = createFulfilment({
    repos,
    uow,
    inventory,
    charges,
    clock,
    settings: { siteUrl, cleaningDays: config.UNIT_CLEANING_DAYS },
  });
  const fitWindow = createFitWindow({
    repos,
    uow,
    catalogue,
    inventory,
    creditNotes: taxDocuments,
    clock,
    settings: { siteUrl },
  });
  const operations = createOperations({ repos, uow, fulfilment, settings });
  const operatorConsole = createOperatorConsole({ repos, fulfilment, clock });
  const reportsAdmin = createReportsAdmin({ repos, gstRatePercent: config.GST_RATE_PERCENT });
  const refundsAdmin = createRefundsAdmin({ repos, uow });
  const couponsAdmin = createCouponsAdmin({ repos, uow, clock });
  const units = createUnits({
    repos,
    uow,
    inventory,
    catalogue,
    clock,
    cleaningDays: config.UNIT_CLEANING_DAYS,
    siteUrl,
  });
  const planBilling = createPlanBillingService({
    repos,
    uow,
    provider,
    intake,
    planSettlement,
    subscriptions,
    catalogue,
    clock,
    logger,
    settings,
  });
  const payments = createPaymentsService({ repos, uow, provider, intake, clock, logger });
  const wishlist = createWishlistService({ repository: repos.wishlist, catalogue });
  const reviews = createReviews({ repos, uow, images: imageUploads, catalogue, clock });
  const notifyMe = createNotifyMe({
    repos,
    uow,
    catalogue,
    subscriptions,
    inventory,
    clock,
    settings: { siteUrl },
  });
  const coupons = createCouponsService({
    repository: repos.coupons,
    cart,
    bookings: repos.bookings,
    couponUses,
  });
  const jwtSecret = resolveJwtSecret(config);
  const users = createUsersService({
    repository: repos.users,
    uow,
    tokens: createTokenService(jwtSecret, { now: () => clock.now() }),
    codeKey: jwtSecret,
    clock,
  });
  const customers = createCustomers({ repos, users, subscriptions, clock, logger });
  // Mails carry tax documents by reference; their PDFs are made as they are sent (decision 082).
  const mailOutbox = createMailOutbox({
    repository: repos.outbox,
    mailer,
    attachments: taxDocuments,
    clock,
    logger,
  });
  // Booking updates on WhatsApp (decision 085): queued with their events like mail, sent by a job.
  const whatsappSenders = whatsappSender
    ? { sender: whatsappSender }
    : createWhatsAppSender({
        config,
        clock,
        logger,
        ...(devOutbox ? { devMailbox: devOutbox } : {}),
      });
  const whatsapp: Services['whatsapp'] = {
    optIn: createWhatsAppOptIn({
      repository: repos.whatsapp,
      uow,
      codeKey: jwtSecret,
      clock,
      enabled: whatsappSenders.sender !== undefined,
    }),
    webhooks: createWhatsAppWebhooks({
      repository: repos.whatsapp,
      ...(config.WHATSAPP_APP_SECRET ? { appSecret: config.WHATSAPP_APP_SECRET } : {}),
      ...(config.WHATSAPP_VERIFY_TOKEN ? { verifyToken: config.WHATSAPP_VERIFY_TOKEN } : {}),
      clock,
      logger,
    }),
    outbox: createWhatsAppOutbox({
      repository: repos.whatsapp,
      // Off: no one can opt in; a message queued for someone who did before is given up at once.
      sender: whatsappSenders.sender ?? {
        name: 'dev',
        sendTemplate: () =>
          Promise.reject(new WhatsAppSendError('WHATSAPP_PROVIDER is off', false)),
      },
      clock,
      logger,
    }),
    ...whatsappSenders,
  };
  const jobs = createJobRunner({
    jobs: [
      mailOutboxJob(mailOutbox),
      bookingHoldsJob(reconciliation),
      refundsJob(payments),
      planRenewalsJob(planBilling),
      planRemindersJob(planBilling),
      unitsReadyJob(units),
      lateFeesJob(charges),
      balanceRemindersJob(charges),
      balanceOffSessionJob(balance),
      notifyMeJob(notifyMe),
      whatsAppOutboxJob(whatsapp.outbox),
      whatsAppDueBackJob(createDueBackReminders({ repository: repos.whatsapp, uow, clock })),
      ...(sandbox ? [sandboxWebhooksJob(sandbox)] : []),
    ],
    logger,
  });
  const readiness = createReadiness({
    database,
    repository: repos.health,
    migrationsFolder: MIGRATIONS_FOLDER,
  });
  const shopHealth = createShopHealth({ repository: repos.health, clock });
  const metrics = createMetrics({ jobs, database, shopHealth, logger });

  return {
    config,
    database,
    logger,
    clock,
    repos,
    uow,
    mailer,
    ...(devOutbox ? { devOutbox } : {}),
    mailOutbox,
    provider,
    ...(sandbox ? { sandbox } : {}),
    payments,
    intake,
    taxDocuments,
    inventory,
    checkout,
    myBookings,
    cancellation,
    atRisk,
    pincodes,
    notServedPrefixes,
    notServed,
    operations,
    fulfilment,
    operatorConsole,
    catalogueChanges,
    cartAnswers,
    changeFeed,
    productAdmin,
    imageUploads,
    artPictures,
    images,
    servedImages,
    reportsAdmin,
    refundsAdmin,
    couponsAdmin,
    customers,
    units,
    charges,
    balance,
    extensions,
    fitWindow,
    catalogue,
    productSearch,
    cart,
    coupons,
    subscriptions,
    planBilling,
    users,
    wishlist,
    notifyMe,
    reviews,
    whatsapp,
    jobs,
    readiness,
    shopHealth,
    metrics,
  };
}
