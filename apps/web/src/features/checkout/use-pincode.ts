import { useQuery } from '@tanstack/react-query';
import { PINCODE_MESSAGES, PINCODE_PATTERN, type PincodeResponse } from '@pehnava/shared';
import { ApiError, apiGet } from '../../lib/api-client';

/** What the server said of the PIN code typed, once it has 6 digits. */
export type PincodeLookup =
  /** Not a complete PIN code: nothing to ask. */
  | { kind: 'idle' }
  /** Asked, no answer yet. */
  | { kind: 'checking' }
  | { kind: 'found'; place: PincodeResponse }
  /** India Post has no such pincode, or the shop does not serve it: the server's words. */
  | { kind: 'refused'; message: string }
  /** The server could not be asked: checkout asks again. */
  | { kind: 'unknown' };

/**
 * Looks a complete PIN code up in the server's directory (GET /api/pincode/{pincode}), for the
 * address form to fill in the city and state and to say at once where the shop cannot deliver.
 */
export function usePincodeLookup(pincode: string): PincodeLookup {
  const complete = PINCODE_PATTERN.test(pincode);
  const query = useQuery({
    queryKey: ['pincode', pincode],
    queryFn: () => apiGet<PincodeResponse>(`/pincode/${pincode}`, 'Could not look the PIN code up'),
    enabled: complete,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!complete) return { kind: 'idle' };
  if (query.isPending) return { kind: 'checking' };
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404
      ? { kind: 'refused', message: query.error.message }
      : { kind: 'unknown' };
  }
  return query.data.served
    ? { kind: 'found', place: query.data }
    : { kind: 'refused', message: PINCODE_MESSAGES.notServed(pincode) };
}
