// The schema's entry point: drizzle-kit and the database client read every table from here.
export * from './users.js';
export * from './catalogue.js';
export * from './shopping.js';
export * from './coupons.js';
export * from './bookings.js';
export * from './subscriptions.js';
export * from './payments.js';
export * from './reports.js';
export * from './outbox.js';
export * from './sandbox-gateway.js';
export * from './pincodes.js';
export * from './notify-me.js';
export * from './reviews.js';
export * from './images.js';
export * from './tax-documents.js';
export * from './whatsapp.js';
