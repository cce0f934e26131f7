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
 * GET a JSON endpoint under /api. `T` is a response type from @pehnava/shared's contracts; the
 * server checks its responses against the same zod schemas (and the API tests check the server),
 * so the browser uses the types only and does not ship zod.
 */
export async function apiGet<T>(path: string, fallback: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, fallback);
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok || !body || typeof body !== 'object' || !('success' in body) || !body.success) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : fallback;
    throw new ApiError(res.status, message);
  }
  return body as T;
}
