import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotServedEntry, PincodeResponse } from '@pehnava/shared';
import { Plus, Search, X } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { useToken } from '../lib/session';
import { notServedActions, notServedQuery } from './pincodes-api';
import { useAction } from './use-action';
import {
  Badge,
  DANGER,
  Failed,
  INPUT,
  LABEL,
  Loading,
  Nothing,
  PRIMARY,
  Panel,
  SECONDARY,
  ScreenTitle,
  shortDay,
  shortMoment,
  useConsoleTitle,
} from './ui';

/** What a failed call says: the server's words, else a plain fallback. */
const said = (error: Error, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

const count = (n: number) => `${n.toLocaleString('en-IN')} PIN ${n === 1 ? 'code' : 'codes'}`;

/**
 * /admin/pincodes: where the shop does not deliver (decision 068). An admin lists a pincode or a
 * prefix with a reason, sees how many of India Post's pincodes it covers, and removes it again;
 * NOT_SERVED_PINCODES' own are listed but changed only in the configuration. "Check a PIN code"
 * asks what a shopper's address form would hear.
 */
export function PincodesScreen() {
  useConsoleTitle('Pincodes');
  const token = useToken() ?? '';
  const list = useQuery(notServedQuery(token));
  return (
    <>
      <ScreenTitle title="Pincodes not served" />
      <p className="-mt-2 mb-4 max-w-2xl text-sm text-stone-700">
        Checkout refuses every PIN code that begins with a prefix listed here, and the address form
        says so. A change reaches every server within a second.
      </p>
      <div className="mb-4 grid gap-4 lg:grid-cols-2">
        <AddForm />
        <Lookup />
      </div>
      {list.isPending ? (
        <Loading label="Loading the pincodes not served" />
      ) : list.isError ? (
        <Failed message={list.error.message} onRetry={() => void list.refetch()} />
      ) : (
        <Panel title="Not served" count={list.data.length}>
          {list.data.length === 0 ? (
            <Nothing>Every PIN code in India Post&rsquo;s directory is served.</Nothing>
          ) : (
            <ul className="divide-y divide-stone-200">
              {list.data.map((entry) => (
                <Row key={`${entry.source}:${entry.prefix}`} entry={entry} />
              ))}
            </ul>
          )}
        </Panel>
      )}
    </>
  );
}

function AddForm() {
  const client = useQueryClient();
  const [error, setError] = useState<string>();
  const [prefix, setPrefix] = useState('');
  const [note, setNote] = useState('');
  const prefixField = useRef<HTMLInputElement>(null);
  const add = useAction({
    mutationFn: notServedActions.add,
    onSuccess: (answer) => {
      notify.success(answer.message);
      setPrefix('');
      setNote('');
      void client.invalidateQueries({ queryKey: ['console'] });
    },
    onError: (failure) => {
      setError(said(failure, 'Not added: nothing changed'));
      prefixField.current?.focus();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    add.mutate({ prefix: prefix.trim(), note: note.trim() });
  };
  return (
    <Panel title="Stop delivering">
      <form
        onSubmit={submit}
        aria-label="Stop delivering to a prefix"
        className="grid gap-3 p-4 sm:grid-cols-[9rem_1fr]"
      >
        <div>
          <label htmlFor="not-served-prefix" className={LABEL}>
            PIN code or prefix
          </label>
          <input
            id="not-served-prefix"
            ref={prefixField}
            name="prefix"
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder="e.g. 744"
            value={prefix}
            onChange={(event) => setPrefix(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'not-served-error' : undefined}
            className={`${INPUT} mt-1.5 font-mono placeholder:font-sans`}
          />
        </div>
        <div>
          <label htmlFor="not-served-note" className={LABEL}>
            Reason <span className="font-normal text-stone-600">(optional)</span>
          </label>
          <input
            id="not-served-note"
            name="note"
            maxLength={200}
            autoComplete="off"
            placeholder="e.g. Courier paused after floods"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={`${INPUT} mt-1.5`}
          />
        </div>
        {error && (
          <p id="not-served-error" role="alert" className="text-sm text-red-800 sm:col-span-2">
            {error}
          </p>
        )}
        <div className="sm:col-span-2">
          <button type="submit" className={`${PRIMARY} w-full sm:w-auto`} disabled={add.isPending}>
            <Plus size={16} aria-hidden />
            {add.isPending ? 'Adding…' : 'Add to the list'}
          </button>
        </div>
      </form>
    </Panel>
  );
}

/** One entry: the prefix, how much it covers, why and since when, and its Remove (with confirm). */
function Row({ entry }: { entry: NotServedEntry }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useAction({
    mutationFn: () => notServedActions.remove(entry.prefix),
    onSuccess: (answer) => {
      notify.success(answer.message);
      void client.invalidateQueries({ queryKey: ['console'] });
    },
    onError: (failure) => {
      setConfirming(false);
      notify.error(said(failure, 'Not removed: nothing changed'));
    },
  });
  const fromConsole = entry.source === 'console';
  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center"
      aria-label={`Prefix ${entry.prefix}`}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-mono text-lg font-semibold text-stone-900">{entry.prefix}</span>
          <Badge
            tone={fromConsole ? 'bg-maroon-50 text-maroon-900' : 'bg-stone-100 text-stone-800'}
          >
            {fromConsole ? 'console' : 'configuration'}
          </Badge>
          <span className="text-sm text-stone-800">{count(entry.pincodes)}</span>
        </div>
        {entry.note && <p className="mt-0.5 break-words text-sm text-stone-800">{entry.note}</p>}
        <p className="mt-0.5 text-sm text-stone-600">
          {entry.createdAt
            ? `Added ${shortMoment(entry.createdAt)}`
            : 'Set in NOT_SERVED_PINCODES: changed in the server’s configuration only'}
        </p>
      </div>
      {fromConsole &&
        (confirming ? (
          <div className="grid shrink-0 grid-cols-2 items-center gap-2 sm:flex">
            <span className="col-span-2 text-sm text-stone-800">
              Deliver to {entry.prefix} again?
            </span>
            <button
              type="button"
              className={DANGER}
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Yes, remove
            </button>
            {/* The safe answer takes the focus from the Remove button it replaces. */}
            <button
              type="button"
              className={SECONDARY}
              onClick={() => setConfirming(false)}
              autoFocus
            >
              Keep
            </button>
          </div>
        ) : (
          <button
            type="button"
            className={`${SECONDARY} shrink-0 sm:w-32`}
            aria-label={`Remove ${entry.prefix}`}
            onClick={() => setConfirming(true)}
          >
            <X size={16} aria-hidden />
            Remove
          </button>
        ))}
    </li>
  );
}

/** "Check a PIN code": what GET /api/pincode/{pincode} answers a shopper. */
function Lookup() {
  const [pincode, setPincode] = useState('');
  const [answer, setAnswer] = useState<PincodeResponse>();
  const [error, setError] = useState<string>();
  const lookup = useAction({
    mutationFn: notServedActions.lookup,
    onSuccess: (found) => setAnswer(found),
    onError: (failure) => setError(said(failure, 'Could not check it: try again')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAnswer(undefined);
    setError(undefined);
    lookup.mutate(pincode.trim());
  };
  return (
    <Panel title="Check a PIN code">
      <form
        onSubmit={submit}
        role="search"
        aria-label="Check a PIN code"
        className="flex items-end gap-2 p-4"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="pincode-check" className={LABEL}>
            PIN code
          </label>
          <input
            id="pincode-check"
            name="pincode"
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder="e.g. 400050"
            value={pincode}
            onChange={(event) => setPincode(event.target.value)}
            className={`${INPUT} mt-1.5 font-mono placeholder:font-sans`}
          />
        </div>
        <button type="submit" className={SECONDARY} disabled={lookup.isPending}>
          <Search size={16} aria-hidden />
          Check
        </button>
      </form>
      <div aria-live="polite">
        {(error || answer) && (
          <div className="px-4 pb-4">
            {error && (
              <p role="alert" className="text-sm text-red-800">
                {error}
              </p>
            )}
            {answer && <Place place={answer} />}
          </div>
        )}
      </div>
    </Panel>
  );
}

function Place({ place }: { place: PincodeResponse }) {
  return (
    <dl
      data-testid="pincode-answer"
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-stone-50 px-3 py-2 text-sm"
    >
      <dt className="text-stone-600">PIN code</dt>
      <dd className="font-mono font-semibold text-stone-900">{place.pincode}</dd>
      <dt className="text-stone-600">Place</dt>
      <dd className="text-stone-900">
        {place.city}, {place.state}
      </dd>
      <dt className="text-stone-600">Delivery</dt>
      <dd>
        {place.served ? (
          <Badge tone="bg-green-100 text-green-900">served</Badge>
        ) : (
          <Badge tone="bg-red-100 text-red-900">not served</Badge>
        )}
      </dd>
      <dt className="text-stone-600">Transit</dt>
      <dd className="text-stone-900">
        {place.transitDays} {place.transitDays === 1 ? 'day' : 'days'} from the warehouse
        {place.served && ` · earliest start ${shortDay(place.earliestStartDate)}`}
      </dd>
    </dl>
  );
}
