import {
  ProviderRequestError,
  ProviderUnavailableError,
} from '../../adapters/payments/provider.js';
import { serviceUnavailable, type HttpError } from '../../lib/http-error.js';

/**
 * What a shopper's request answers when the payment provider fails it: down (network, timeout,
 * 5xx) is a 503 with `unavailable`; a refusal (its 4xx) is `refused`. Any other error is not the
 * provider's and is thrown as it is.
 */
export function providerFailure(
  error: unknown,
  answers: { unavailable: string; refused: HttpError },
): HttpError {
  if (error instanceof ProviderUnavailableError) return serviceUnavailable(answers.unavailable);
  if (error instanceof ProviderRequestError) return answers.refused;
  throw error;
}
