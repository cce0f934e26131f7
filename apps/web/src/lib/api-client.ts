import type { z } from 'zod';

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

/** GET a JSON endpoint under /api and check it against its shared contract. */
export async function apiGet<T extends z.ZodType>(
  path: string,
  schema: T,
  fallback: string,
): Promise<z.infer<T>> {
  const res = await fetch(`/api${path}`, { headers: { accept: 'application/json' } });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : fallback;
    throw new ApiError(res.status, message);
  }
  return schema.parse(body);
}
