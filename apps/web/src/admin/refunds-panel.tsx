import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAction } from './use-action';
import type { AdminRefundsResponse, RefundRetryResponse } from '@pehnava/shared';
import { RotateCcw } from 'lucide-react';
import { Link } from '../lib/link';
import { ApiError, apiGet, apiRequest } from '../lib/api-client';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import { CONSOLE_MESSAGES } from './api';
import { Badge, Failed, Loading, Nothing, Panel, SECONDARY, money, shortMoment } from './ui';

const refundsQuery = (token: string, status: 'failed' | 'pending') => ({
  queryKey: ['console', token, 'refunds', status],
  queryFn: () =>
    apiGet<AdminRefundsResponse>(`/admin/refunds?status=${status}`, CONSOLE_MESSAGES.loadFailed),
});

/**
 * Today's refunds, for admins: the failed ones with a retry in place, and how many are still
 * waiting at the provider (the refunds job asks again by itself).
 */
export function RefundsPanel() {
  const token = useToken() ?? '';
  const client = useQueryClient();
  const failed = useQuery(refundsQuery(token, 'failed'));
  const pending = useQuery(refundsQuery(token, 'pending'));
  const retry = useAction({
    mutationFn: (id: string) =>
      apiRequest<RefundRetryResponse>(`/admin/refunds/${encodeURIComponent(id)}/retry`, {
        method: 'POST',
        fallback: CONSOLE_MESSAGES.actionFailed,
      }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      void client.invalidateQueries({ queryKey: ['console'] });
    },
    onError: (error) =>
      notify.error(error instanceof ApiError ? error.message : CONSOLE_MESSAGES.actionFailed),
  });
  const waiting = pending.data?.total ?? 0;
  return (
    <Panel id="refunds" title="Refunds failed" count={failed.data?.total}>
      {failed.isPending ? (
        <Loading label="Loading refunds" />
      ) : failed.isError ? (
        <div className="p-4">
          <Failed message={failed.error.message} onRetry={() => void failed.refetch()} />
        </div>
      ) : failed.data.refunds.length === 0 ? (
        <Nothing>No refund has failed.</Nothing>
      ) : (
        <ul className="divide-y divide-stone-200">
          {failed.data.refunds.map((refund) => (
            <li key={refund.id} className="px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                {refund.bookingId && (
                  <Link
                    to={`/admin/bookings/${refund.bookingId}`}
                    className="font-mono font-semibold text-maroon-700 underline-offset-4 hover:underline"
                  >
                    #{refund.bookingNumber}
                  </Link>
                )}
                <span className="font-semibold">{money(refund.amount)}</span>
                <Badge tone="bg-red-100 text-red-900">failed</Badge>
                <span className="text-stone-600">asked {shortMoment(refund.createdAt)}</span>
              </div>
              {refund.lastError && <p className="mt-1 text-stone-700">{refund.lastError}</p>}
              <button
                type="button"
                className={`${SECONDARY} mt-2`}
                disabled={retry.isPending}
                onClick={() => retry.mutate(refund.id)}
                aria-label={`Retry the refund of ${money(refund.amount)}${refund.bookingNumber ? ` for booking ${refund.bookingNumber}` : ''}`}
              >
                <RotateCcw size={16} aria-hidden />
                Retry
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="border-t border-stone-200 px-4 py-2 text-xs text-stone-600">
        {waiting === 0
          ? 'No refund is waiting at the provider.'
          : `${waiting} ${waiting === 1 ? 'refund is' : 'refunds are'} still with the provider; they are asked again by themselves.`}
      </p>
    </Panel>
  );
}
