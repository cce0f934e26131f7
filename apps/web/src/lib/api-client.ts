import { endSession, getToken } from './session';

/** An API failure, carrying the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What to say when the server gives no message: `failed` when it answered with a failure, `error`
 * when it could not be reached (SPEC.md §8 pairs them, e.g. 'Login failed' / 'Login error'). One
 * string serves for both.
 */
export type Fallback = string | { failed: string; error: string };

/**
 * How a request reaches the API: the browser's fetch, or, while the server renders a page
 * (entry-server.tsx), the server's own API answering in process.
 */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server's page renderer answers the app's calls itself (entry-server.tsx). */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** A 401 from these means wrong credentials or code, not an expired session (SPEC.md §6). */
const SIGN_IN_PATHS = new Set(['/user/login', '/user/register', '/user/verify-otp']);

/**
 * Call a JSON endpoint under /api with the session's bearer token. `T` is a response type from
 * @pehnava/shared's contracts; the server checks its responses against the same zod schemas (and
 * the API tests check the server), so the browser uses the types only and does not ship zod.
 * A 401 on any call but sign-in ends the session ('Session expired. Please login again.').
 */
export async function apiRequest<T>(
  path: string,
  {
    method = 'GET',
    body,
    fallback,
    headers: extraHeaders = {},
  }: {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    body?: unknown;
    fallback: Fallback;
    /** More request headers (e.g. the session token under another name, SPEC.md §7). */
    headers?: Record<string, string>;
  },
): Promise<T> {
  const { failed, error } =
    typeof fallback === 'string' ? { failed: fallback, error: fallback } : fallback;
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await transport(`/api${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, error);
  }
  const data: unknown = await res.json().catch(() => undefined);
  if (res.status === 401 && token && !SIGN_IN_PATHS.has(path)) endSession('expired', token);
  if (!res.ok || !data || typeof data !== 'object' || !('success' in data) || !data.success) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : failed;
    throw new ApiError(res.status, message);
  }
  return data as T;
}

/** GET a JSON endpoint under /api (see apiRequest). */
export const apiGet = <T>(path: string, fallback: Fallback) => apiRequest<T>(path, { fallback });
