import { useQueryClient } from '@tanstack/react-query';
import { todayInIndia, type Unit } from '@pehnava/shared';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { unitActions } from './api';
import { INPUT, SECONDARY, shortDay } from './ui';
import { useAction } from './use-action';

/**
 * A piece's maintenance blocks on the Units planner: the ones coming, each lifted in one tap, and
 * a form to block it for some days with a reason (the server keeps bookings and blocks apart).
 */
export function BlockForm({ unit }: { unit: Unit }) {
  const client = useQueryClient();
  const today = todayInIndia(new Date());
  const [error, setError] = useState<string>();
  const refresh = (answer: { message: string }) => {
    notify.success(answer.message);
    void client.invalidateQueries({ queryKey: ['console'] });
  };
  const block = useAction({
    mutationFn: (body: { from: string; to: string; reason: string }) =>
      unitActions.block(unit.code, body),
    onSuccess: refresh,
    onError: (failure) => setError(failure instanceof ApiError ? failure.message : 'Not blocked'),
  });
  const lift = useAction({
    mutationFn: (blockId: string) => unitActions.lift(unit.code, blockId),
    onSuccess: refresh,
    onError: (failure) =>
      notify.error(failure instanceof ApiError ? failure.message : 'Not lifted'),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(undefined);
    block.mutate({
      from: String(form.get('from')),
      to: String(form.get('to')),
      reason: String(form.get('reason') ?? '').trim(),
    });
  };
  if (unit.state === 'retired') return null;
  return (
    <details className="mt-1 text-xs">
      <summary className="min-h-8 cursor-pointer py-1 font-medium text-maroon-700">Blocks</summary>
      <ul className="mb-2 space-y-1">
        {unit.blocks.map((b) => (
          <li key={b.id} className="flex items-center gap-2">
            <span>
              {shortDay(b.from)}–{shortDay(b.to)}: {b.reason}
            </span>
            <button
              type="button"
              className="rounded px-2 py-1 font-semibold text-red-800 hover:bg-red-50"
              onClick={() => lift.mutate(b.id)}
              aria-label={`Lift the block on ${unit.code} from ${shortDay(b.from)}`}
            >
              Lift
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="grid w-56 gap-1.5" aria-label={`Block ${unit.code}`}>
        <label className="grid gap-0.5">
          From
          <input
            name="from"
            type="date"
            required
            min={today}
            defaultValue={today}
            className={INPUT}
          />
        </label>
        <label className="grid gap-0.5">
          To
          <input
            name="to"
            type="date"
            required
            min={today}
            defaultValue={today}
            className={INPUT}
          />
        </label>
        <label className="grid gap-0.5">
          Reason
          <input name="reason" required maxLength={300} className={INPUT} />
        </label>
        {error && (
          <p role="alert" className="text-red-800">
            {error}
          </p>
        )}
        <button type="submit" className={SECONDARY} disabled={block.isPending}>
          Block these days
        </button>
      </form>
    </details>
  );
}
