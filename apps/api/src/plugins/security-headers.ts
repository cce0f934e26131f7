import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { CheckoutPageSources } from '../adapters/payments/provider.js';

const NO_CHECKOUT_SOURCES: CheckoutPageSources = { script: [], connect: [], frame: [] };

/**
 * Pehnava's helmet settings: every header helmet sets by default, with this CSP; HSTS in
 * production. `checkout` is what the payment provider's checkout needs the page to reach (its
 * script, its API, its frames: Razorpay Checkout's hosts when PAYMENT_PROVIDER=razorpay).
 * `pageScripts` are the hashes of the web app's own inline scripts (plugins/web.ts, readWebApp).
 */
export function securityHeaderOptions(
  isProduction: boolean,
  publicUrl?: string,
  checkout: CheckoutPageSources = NO_CHECKOUT_SOURCES,
  pageScripts: string[] = [],
): HelmetOptions {
  const withSelf = (sources: string[]) => (sources.length ? ["'self'", ...sources] : null);
  // WebAssembly may be compiled (not scripts evaluated): the console's camera reads tags with
  // ZXing's WebAssembly where the browser has no barcode reader of its own (decision 065).
  const scriptSrc = ["'self'", "'wasm-unsafe-eval'", ...pageScripts, ...checkout.script];
  return {
    hsts: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Image URLs in API answers start with PUBLIC_URL when it is set, which need not be the
        // address this page was loaded from.
        'img-src': ["'self'", 'data:', 'blob:', ...(publicUrl ? [new URL(publicUrl).origin] : [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': scriptSrc,
        ...(withSelf(checkout.connect) && { 'connect-src': withSelf(checkout.connect)! }),
        ...(withSelf(checkout.frame) && { 'frame-src': withSelf(checkout.frame)! }),
        'upgrade-insecure-requests': isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets with these options, worked out once by running its middleware on a
 * response that is never sent. The options hold no per-request parts (no nonces, no functions),
 * so every response gets the same headers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failure: unknown;
  helmet(options)(response.req, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * Security headers on every response (API, pages, images, errors, 404s), as @fastify/helmet set
 * them, but computed once at start: @fastify/helmet builds helmet's middleware again, CSP parsing
 * included, for every request (decision 040).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  isProduction: boolean,
  publicUrl?: string,
  checkout?: CheckoutPageSources,
  pageScripts?: string[],
): Readonly<Record<string, string>> {
  const headers = helmetHeaders(
    securityHeaderOptions(isProduction, publicUrl, checkout, pageScripts),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}
