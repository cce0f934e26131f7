import { useQueryClient } from '@tanstack/react-query';
import type { AdminBookingDetailResponse } from '@pehnava/shared';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { useAction } from './use-action';

/** One booking action: runs, says what happened, refreshes what the console shows. */
export function useBookingAction<T>(run: (input: T) => Promise<AdminBookingDetailResponse>) {
  const client = useQueryClient();
  return useAction({
    mutationFn: run,
    onSuccess: (answer) => {
      notify.success(answer.message ?? 'Saved');
      void client.invalidateQueries({ queryKey: ['console'] });
    },
    onError: (error) =>
      notify.error(error instanceof ApiError ? error.message : 'That did not go through'),
  });
}
