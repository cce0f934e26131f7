// Package entry point of @pehnava/shared: the one definition of every shape, constant and price rule.
export * from './constants/art.js';
export * from './constants/categories.js';
export * from './constants/durations.js';
export * from './constants/messages.js';
export * from './constants/plans.js';
export * from './catalogue/query.js';
export * from './contracts/common.js';
export * from './contracts/catalogue.js';
export * from './contracts/health.js';
export * from './contracts/site.js';
export * from './contracts/subscriptions.js';
export * from './pricing/category.js';
export * from './pricing/dates.js';
export * from './pricing/money.js';
