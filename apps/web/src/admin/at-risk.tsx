import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AtRiskChoiceBody, AtRiskLine } from '@pehnava/shared';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import { atRiskQuery, bookingActions } from './api';
import { useAction } from './use-action';
import { DANGER, Panel, SECONDARY, money, shortDay } from './ui';

/**
 * A booking's pieces at risk on its console page (issue [N]): each line's choices (another size
 * or other pieces of its size where enough are free, another piece at no extra cost) and
 * cancelling with a full refund (admins). The same call and rules as the shopper's own page.
 * Nothing shows while the booking has nothing at risk.
 */
export function AtRiskChoicesPanel({
  bookingId,
  canCancel,
}: {
  bookingId: string;
  canCancel: boolean;
}) {
  const token = useToken() ?? '';
  const client = useQueryClient();
  const choices = useQuery(atRiskQuery(token, bookingId));
  const [confirmCancel, setConfirmCancel] = useState(false);
  const choose = useAction({
    mutationFn: (body: AtRiskChoiceBody) => bookingActions.chooseAtRisk(bookingId, body),
    onSuccess: (answer) => {
      notify.success(answer.message);
      void client.invalidateQueries({ queryKey: ['console'] });
    },
    onError: (error) => {
      notify.error(error instanceof ApiError ? error.message : 'That did not go through');
      void client.invalidateQueries({ queryKey: ['console', token, 'at-risk', bookingId] });
    },
  });
  const data = choices.data;
  if (!data || data.lines.length === 0) return null;
  return (
    <Panel id="at-risk" title="At risk: choose what to send">
      <ul className="divide-y divide-stone-200">
        {data.lines.map((line) => (
          <RiskLine
            key={line.itemId}
            line={line}
            busy={choose.isPending}
            exchange={!data.cancellable}
            onChoose={(body) => choose.mutate({ ...body, itemId: line.itemId })}
          />
        ))}
      </ul>
      {canCancel && data.cancellable && (
        <div className="flex flex-wrap items-center gap-2 border-t border-stone-200 px-4 py-3">
          {confirmCancel ? (
            <>
              <span className="text-sm text-stone-800">
                Cancel the whole booking and refund {money(data.refund)}?
              </span>
              <button
                type="button"
                className={DANGER}
                disabled={choose.isPending}
                onClick={() => choose.mutate({ choice: 'cancel' })}
              >
                Yes, cancel and refund
              </button>
              <button type="button" className={SECONDARY} onClick={() => setConfirmCancel(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className={DANGER} onClick={() => setConfirmCancel(true)}>
              Cancel with a full refund ({money(data.refund)})
            </button>
          )}
        </div>
      )}
    </Panel>
  );
}

function RiskLine({
  line,
  busy,
  exchange,
  onChoose,
}: {
  line: AtRiskLine;
  busy: boolean;
  /** A fit-window exchange not yet sent: it may move to another size only. */
  exchange: boolean;
  onChoose: (body: Omit<AtRiskChoiceBody, 'itemId'>) => void;
}) {
  return (
    <li className="space-y-3 px-4 py-3 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <CircleAlert size={16} className="text-amber-700" aria-hidden />
        <span className="font-semibold text-stone-900">
          {exchange && 'Fit exchange: '}
          {line.name} · size {line.size}
        </span>
        <span className="text-stone-700">
          {shortDay(line.startDate)} to {shortDay(line.endDate)} · unit{' '}
          <span className="font-mono">{line.unitCodes.join(', ')}</span> cannot go
        </span>
      </p>
      <div>
        <p className="mb-1.5 font-medium text-stone-800">Send a size</p>
        <div className="flex flex-wrap gap-2">
          {line.sizes.map(({ size, free }) => (
            <button
              key={size}
              type="button"
              className={SECONDARY}
              disabled={!free || busy}
              onClick={() => onChoose({ choice: 'size', size })}
              aria-label={
                size === line.size
                  ? `Send another piece in size ${size}`
                  : `Send size ${size} instead`
              }
            >
              {size === line.size ? `${size} (another piece)` : size}
              {!free && <span className="text-xs text-stone-600"> · none free</span>}
            </button>
          ))}
        </div>
      </div>
      {!exchange && (
        <div>
          <p className="mb-1.5 font-medium text-stone-800">Or another piece, at no extra cost</p>
          {line.pieces.length === 0 ? (
            <p className="text-stone-600">
              No other piece like it is free in {line.size} for these dates.
            </p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {line.pieces.map((piece) => (
                <li
                  key={piece._id}
                  className="flex items-center gap-3 rounded-lg border border-stone-200 p-2"
                >
                  {piece.image && (
                    <img
                      src={piece.image}
                      alt=""
                      width={48}
                      height={64}
                      className="h-16 w-12 rounded object-cover"
                    />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-stone-900">{piece.name}</span>
                    <span className="font-mono text-xs text-stone-600">{piece.productId}</span>
                  </span>
                  <button
                    type="button"
                    className={SECONDARY}
                    disabled={busy}
                    onClick={() => onChoose({ choice: 'piece', productId: piece._id })}
                    aria-label={`Send ${piece.name} instead`}
                  >
                    Send this
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}
