import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rememberedBy } from '../lib/remembered.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The address browsers reach this server at, without a trailing slash: PUBLIC_URL when it is
     * set, else the protocol and Host the request came in on (X-Forwarded-Proto and -Host when
     * TRUST_PROXY believes the proxy). Image URLs in API answers and the addresses in a page's
     * link-preview tags start with it. Empty when the request names no usable host.
     */
    readonly publicOrigin: string;
  }
}

/** A host name, IPv4 or bracketed IPv6 address, with an optional port; nothing else. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * `protocol://host` of the request, normalised (lower case, no default port), or '' when the Host
 * header is missing or is not a plain host: whatever a client puts there must never reach a JSON
 * answer or a page as anything but an origin.
 */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  const host = request.host;
  if (!host || !HOST.test(host)) return '';
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return '';
  }
}

/** `PUBLIC_URL` without its trailing slashes: the one origin every answer uses when set. */
export function publicUrlBase(publicUrl: string | undefined): string | undefined {
  return publicUrl?.replace(/\/+$/, '');
}

/** Hosts whose origin is remembered, so a request costs a lookup rather than a URL parse. */
const REMEMBERED_HOSTS = 32;

/**
 * requestOrigin, remembered for the hosts seen lately: a request then costs a lookup rather than a
 * URL parse. One per app (here) and one for the answers sent before routing (kept-reads.ts).
 */
export function rememberedOrigins(): (
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
) => string {
  const remembered = rememberedBy<string>(REMEMBERED_HOSTS);
  return (request) =>
    remembered(`${request.protocol} ${request.host}`, () => requestOrigin(request));
}

/** Give every request its `publicOrigin`. */
export function registerPublicOrigin(app: FastifyInstance, { publicUrl }: { publicUrl?: string }) {
  const fixed = publicUrlBase(publicUrl);
  const originOf = rememberedOrigins();
  app.decorateRequest('publicOrigin', {
    getter(this: FastifyRequest) {
      return fixed ?? originOf(this);
    },
  });
}
