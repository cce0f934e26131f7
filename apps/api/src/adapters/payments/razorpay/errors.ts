import { ProviderRequestError, ProviderUnavailableError } from '../provider.js';

/** Razorpay's error body: `{ error: { code, description, source, step, reason, metadata, field } }`. */
export interface RazorpayErrorBody {
  code?: string;
  description?: string;
  reason?: string;
  field?: string | null;
}

/**
 * The part of the SDK's axios instance the adapter uses (the SDK keeps it as `api.rq`, untyped).
 * Declared here rather than importing axios, which is the SDK's dependency, not ours.
 */
export interface RazorpayHttp {
  defaults: { baseURL?: string; timeout?: number };
  interceptors: {
    response: { use(onOk: (r: unknown) => unknown, onError: (e: unknown) => unknown): number };
  };
  post(
    url: string,
    data: unknown,
    config: { headers: Record<string, string> },
  ): Promise<{ data: unknown }>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Give the SDK's error normaliser something it can read when there was no HTTP answer at all
 * (refused connection, reset, timeout): it reads `err.response.status` and would crash with a
 * TypeError, losing what happened. Status 0 stands for 'no answer'.
 */
export function noAnswerAsStatusZero(error: unknown): Promise<never> {
  if (isObject(error) && isObject(error.response)) return Promise.reject(error);
  const code = isObject(error) && typeof error.code === 'string' ? error.code : 'NETWORK_ERROR';
  const message = error instanceof Error ? error.message : String(error);
  return Promise.reject({
    response: { status: 0, data: { error: { code, description: message } } },
  });
}

/** The HTTP status and Razorpay's error body of a failed call, from the SDK or from axios. */
function statusOf(error: unknown): { status: number; body: RazorpayErrorBody | undefined } | null {
  if (!isObject(error)) return null;
  // The SDK's normalised error: { statusCode, error }.
  if (typeof error.statusCode === 'number') {
    return { status: error.statusCode, body: isObject(error.error) ? error.error : undefined };
  }
  // A call made on the SDK's axios instance directly (refunds, for their idempotency header).
  if (isObject(error.response) && typeof error.response.status === 'number') {
    const data = error.response.data;
    return {
      status: error.response.status,
      body: isObject(data) && isObject(data.error) ? data.error : undefined,
    };
  }
  return null;
}

/**
 * What a failed Razorpay call means for Pehnava. No answer, a timeout, a 5xx, a 429 (slow down)
 * or a 409 (the same idempotent request is still being worked on) are worth trying again later:
 * ProviderUnavailableError. Any other 4xx is Razorpay refusing the request, with its own words.
 */
export function toProviderError(error: unknown, doing: string): Error {
  const failed = statusOf(error);
  if (!failed) {
    return new ProviderUnavailableError(`Razorpay could not be asked to ${doing}`, {
      cause: error,
    });
  }
  const { status, body } = failed;
  const said = body?.description ? `: ${body.description}` : '';
  if (status === 0) {
    return new ProviderUnavailableError(`Razorpay did not answer (${doing})${said}`, {
      cause: error,
    });
  }
  if (status >= 500 || status === 429 || status === 409) {
    return new ProviderUnavailableError(`Razorpay answered ${status} (${doing})${said}`, {
      cause: error,
    });
  }
  return new ProviderRequestError(
    body?.description || `Razorpay refused to ${doing} (${status})`,
    status,
  );
}
