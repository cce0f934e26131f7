import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RETURN_CONDITIONS,
  type CheckInPreview,
  type ReturnBody,
  type ReturnCondition,
} from '@pehnava/shared';
import { CircleAlert, CircleCheckBig, LoaderCircle } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/link';
import { useToken } from '../lib/session';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { bookingActions, bookingQuery, checkInPreview } from './api';
import { BackupMark, SEAL_QUESTION } from './backup-piece';
import { CameraScanner } from './camera-scanner';
import { TagField } from './tag-field';
import { keepFocus, scanSound, useScannerKeys } from './scanner';
import {
  Badge,
  INPUT,
  LABEL,
  Loading,
  PRIMARY,
  SECONDARY,
  ScreenTitle,
  money,
  shortDay,
  useConsoleTitle,
} from './ui';

const CONDITION_LABELS: Record<ReturnCondition, string> = {
  good: 'Good',
  'needs-repair': 'Needs repair',
  'major-damage': 'Major damage',
  lost: 'Lost',
};

/** One return saved from this screen: while the server has it, then what it answered. */
interface SavedReturn {
  key: number;
  code: string;
  state: 'saving' | 'saved' | 'failed';
  message: string;
}
/** How many of the last saves the screen lists. */
const LOG_LENGTH = 6;

/**
 * /admin/check-in: type or scan a piece's tag code, see what its return would charge (late fee
 * and damage by condition, from the server), then two taps: a condition, and save.
 *
 * Made for a handheld scanner, which types a whole code and Enter whenever the next piece is in
 * hand: the tag field is emptied when a code is looked up (the piece's card shows it), never by a
 * save, so a code typed while a save is on its way stays whole. Taps on the card leave the focus
 * in the tag field, and a key typed while a button has the focus goes into it too. A save answers
 * at once in the list below (saving, then saved or not saved, with the server's reason and a way
 * back to that piece).
 */
export function CheckInScreen() {
  useConsoleTitle('Check-in');
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim().toUpperCase() ?? '';
  const [typed, setTyped] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const preview = useQuery({
    // Outside ['console']: a saved return refreshes the console, not the preview it replaced.
    queryKey: ['check-in', code],
    queryFn: () => checkInPreview(code),
    enabled: code !== '',
    retry: false,
    staleTime: 0,
  });
  const [log, setLog] = useState<SavedReturn[]>([]);
  const nextKey = useRef(0);

  const find = (next: string) => {
    const clean = next.trim().toUpperCase();
    if (clean === '') return;
    setTyped('');
    setParams({ code: clean }, { replace: true });
    input.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    find(typed);
  };

  // A key typed while a button (a condition, Save) has the focus belongs to the tag field.
  useScannerKeys(input, (key) => setTyped((was) => was + key), find);

  const update = (key: number, change: Partial<SavedReturn>) =>
    setLog((was) => was.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  const save = (saved: string, bookingId: string, body: ReturnBody) => {
    const key = (nextKey.current += 1);
    // A back-up's seal, as answered: said again beside the server's word once it is saved.
    const seal = body.items[0]?.backupSealIntact;
    const sealNote =
      seal === undefined ? '' : ` · back-up seal ${seal ? 'intact' : 'broken: charged'}`;
    setLog((was) =>
      [{ key, code: saved, state: 'saving' as const, message: 'Saving…' }, ...was].slice(
        0,
        LOG_LENGTH,
      ),
    );
    // The card goes at once; a code looked up since stays.
    setParams((was) => (was.get('code')?.trim().toUpperCase() === saved ? {} : was), {
      replace: true,
    });
    input.current?.focus();
    bookingActions.recordReturn(bookingId, body).then(
      (answer) => {
        update(key, {
          state: 'saved',
          message: `${answer.message ?? 'Return recorded'}${sealNote}`,
        });
        void client.invalidateQueries({ queryKey: ['console'] });
      },
      (failure: unknown) => {
        const reason = failure instanceof ApiError ? failure.message : 'The return was not saved';
        update(key, { state: 'failed', message: reason });
        // What the card showed is no longer sure: opening the piece again asks the server.
        client.removeQueries({ queryKey: ['check-in', saved] });
        scanSound('refused');
        notify.error(`${saved}: ${reason}`);
      },
    );
  };

  return (
    <div className="mx-auto max-w-xl">
      <ScreenTitle title="Check-in" />
      <form onSubmit={submit} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5">
        <TagField
          id="tag-code"
          label="Tag code"
          inputRef={input}
          value={typed}
          onChange={setTyped}
          placeholder={code ? 'Scan the next tag' : 'PHN-LEH-0001-M-1'}
          action="Find"
          enterKeyHint="search"
          autoFocus
        />
        <CameraScanner onCode={find} />
      </form>

      {code !== '' && (
        <div className="mt-4">
          {preview.isPending ? (
            <Loading label={`Looking up ${code}`} />
          ) : preview.isError ? (
            <p
              role="alert"
              className="rounded-xl bg-white px-4 py-4 text-red-800 shadow-sm ring-1 ring-red-200"
            >
              {preview.error.message}
            </p>
          ) : (
            <PreviewCard
              key={preview.data.unit.code + preview.data.returnedOn}
              preview={preview.data}
              onSave={(bookingId, body) => save(preview.data.unit.code, bookingId, body)}
            />
          )}
        </div>
      )}

      {log.length > 0 && (
        <ul aria-label="Saved just now" className="mt-4 space-y-2">
          {log.map((entry) => (
            <SavedLine key={entry.key} entry={entry} onOpen={() => find(entry.code)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SavedLine({ entry, onOpen }: { entry: SavedReturn; onOpen: () => void }) {
  const tone = {
    saving: 'bg-stone-50 text-stone-800 ring-stone-200',
    saved: 'bg-green-50 text-green-900 ring-green-200',
    failed: 'bg-red-50 text-red-900 ring-red-300',
  }[entry.state];
  const Icon = { saving: LoaderCircle, saved: CircleCheckBig, failed: CircleAlert }[entry.state];
  // Keyed by its state: a refusal is a new alert, said as it appears.
  return (
    <li>
      <div
        key={entry.state}
        role={entry.state === 'failed' ? 'alert' : 'status'}
        className={`flex flex-wrap items-center gap-2 rounded-xl px-4 py-3 ring-1 ${tone}`}
      >
        <Icon
          size={18}
          aria-hidden
          className={entry.state === 'saving' ? 'animate-spin motion-reduce:animate-none' : ''}
        />
        <span className="min-w-0 flex-1">
          <span className="font-mono font-semibold">{entry.code}</span>:{' '}
          {entry.state === 'failed' ? `not saved. ${entry.message}` : entry.message}
        </span>
        {entry.state === 'failed' && (
          <button type="button" className={SECONDARY} onClick={onOpen}>
            Open again
          </button>
        )}
      </div>
    </li>
  );
}

function PreviewCard({
  preview,
  onSave,
}: {
  preview: CheckInPreview;
  onSave: (bookingId: string, body: ReturnBody) => void;
}) {
  const { unit, booking, item, damage } = preview;
  const [condition, setCondition] = useState<ReturnCondition>();
  // Whether this tag is a line's back-up size (DECISIONS.md 'Back-up size'), from the booking: a
  // back-up's seal must be answered before it is saved.
  const token = useToken() ?? '';
  const detail = useQuery(bookingQuery(token, booking.bookingId));
  const line = detail.data?.items.find((i) => i._id === item.itemId);
  const isBackup = Boolean(line?.backupSize) && line?.backupUnitCode === unit.code;
  const backupStillOut =
    !isBackup && line?.backupSize && line.backupUnitCode && line.backupSealIntact == null
      ? { size: line.backupSize, code: line.backupUnitCode }
      : undefined;
  const [seal, setSeal] = useState<boolean>();
  const [returnedOn, setReturnedOn] = useState(preview.returnedOn);
  const [amount, setAmount] = useState('');
  const capped = condition === 'major-damage' || condition === 'lost';
  const damageCharge = !condition
    ? 0
    : capped && amount.trim() !== ''
      ? Number(amount)
      : damage[condition];
  // The fee for another day than today is the server's too: it is asked again when that changes.
  const dayPreview = useQuery({
    queryKey: ['check-in', unit.code, returnedOn],
    queryFn: () => checkInPreview(unit.code, returnedOn),
    enabled: returnedOn !== preview.returnedOn && returnedOn !== '',
    retry: false,
  });
  const lateFee =
    returnedOn === preview.returnedOn ? item.lateFee : (dayPreview.data?.item.lateFee ?? null);
  return (
    <section
      aria-label={`Piece ${unit.code}`}
      className="rounded-xl bg-white shadow-sm ring-1 ring-black/5"
    >
      <div className="border-b border-stone-200 px-4 py-3">
        <p className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
          <span className="font-mono text-lg font-semibold">{unit.code}</span>
          {isBackup && <BackupMark />}
        </p>
        <p className="text-stone-800">
          {unit.name} · size {unit.size}
          {isBackup && line && ` · back-up of size ${line.size}`}
        </p>
        <p className="mt-1 text-sm text-stone-700">
          <Link
            to={`/admin/bookings/${booking.bookingId}`}
            className="font-mono font-semibold text-maroon-700 underline-offset-4 hover:underline"
          >
            #{booking.bookingNumber}
          </Link>{' '}
          · {booking.shopper?.name ?? 'Account deleted'} · {booking.city} · due back{' '}
          {shortDay(item.endDate)}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {item.daysLate > 0 ? (
            <Badge tone="bg-red-100 text-red-900">
              {item.daysLate} {item.daysLate === 1 ? 'day' : 'days'} late
            </Badge>
          ) : (
            <Badge tone="bg-green-100 text-green-900">On time</Badge>
          )}
          <Badge tone="bg-stone-100 text-stone-800">
            {booking.protectedByInsurance ? 'Damage protection' : 'No damage protection'}
          </Badge>
        </div>
      </div>

      {isBackup && (
        <fieldset className="border-b border-stone-200 bg-amber-50/60 px-4 py-4">
          <legend className="text-sm font-semibold text-stone-900">{SEAL_QUESTION}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {(
              [
                [true, 'Yes', 'Sealed, not worn'],
                [false, 'No — broken', 'Charged its rental price'],
              ] as const
            ).map(([answer, label, help]) => (
              <button
                key={label}
                type="button"
                aria-pressed={seal === answer}
                onMouseDown={keepFocus}
                onClick={() => setSeal(answer)}
                className={`min-h-16 rounded-xl border-2 px-3 py-2 text-left transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 ${
                  seal === answer
                    ? answer
                      ? 'border-green-700 bg-green-50'
                      : 'border-red-700 bg-red-50'
                    : 'border-stone-200 bg-white hover:border-stone-400'
                }`}
              >
                <span className="block font-semibold text-stone-900">{label}</span>
                <span className="block text-sm text-stone-700">{help}</span>
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {backupStillOut && (
        <p className="flex flex-wrap items-center gap-2 border-b border-stone-200 bg-amber-50/60 px-4 py-3 text-sm text-stone-800">
          <BackupMark />
          <span>
            Size {backupStillOut.size},{' '}
            <span className="font-mono font-semibold">{backupStillOut.code}</span>, went with this
            line: scan it too.
          </span>
        </p>
      )}

      <fieldset className="px-4 py-4">
        <legend className="text-sm font-semibold text-stone-900">Condition</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {RETURN_CONDITIONS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={condition === option}
              onMouseDown={keepFocus}
              onClick={() => setCondition(option)}
              className={`min-h-16 rounded-xl border-2 px-3 py-2 text-left transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 ${
                condition === option
                  ? 'border-maroon-700 bg-maroon-50'
                  : 'border-stone-200 bg-white hover:border-stone-400'
              }`}
            >
              <span className="block font-semibold text-stone-900">{CONDITION_LABELS[option]}</span>
              <span className="block text-sm text-stone-700">
                {damage[option] === 0
                  ? 'No damage charge'
                  : option === 'needs-repair'
                    ? `${money(damage[option])} repair`
                    : `up to ${money(damage[option])}`}
              </span>
            </button>
          ))}
        </div>
        {capped && damage[condition!] > 0 && (
          <div className="mt-3">
            <label htmlFor="damage-amount" className={LABEL}>
              Charge in ₹ (up to {money(damage[condition!])}; empty charges the most)
            </label>
            <input
              id="damage-amount"
              inputMode="decimal"
              className={`${INPUT} mt-1.5`}
              value={amount}
              onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))}
            />
          </div>
        )}
        <div className="mt-3">
          <label htmlFor="returned-on" className={LABEL}>
            Reached the warehouse on
          </label>
          <input
            id="returned-on"
            type="date"
            className={`${INPUT} mt-1.5`}
            value={returnedOn}
            max={preview.returnedOn}
            onChange={(event) => setReturnedOn(event.target.value)}
          />
        </div>
      </fieldset>

      <div className="border-t border-stone-200 bg-stone-50 px-4 py-4">
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
          <dt className="text-stone-700">
            Late fee{' '}
            {item.daysLate > 0 && `(${money(item.lateFeePerDay)} a day, charged as it accrues)`}
          </dt>
          <dd className="text-right font-semibold">{lateFee === null ? '…' : money(lateFee)}</dd>
          <dt className="text-stone-700">Damage</dt>
          <dd className="text-right font-semibold">
            {condition ? money(damageCharge) : 'choose a condition'}
          </dd>
          {isBackup && (
            <>
              <dt className="text-stone-700">Back-up seal</dt>
              <dd className="text-right font-semibold">
                {seal === undefined
                  ? 'answer above'
                  : seal
                    ? 'intact: no charge'
                    : 'broken: rental price'}
              </dd>
            </>
          )}
        </dl>
        <button
          type="button"
          className={`${PRIMARY} mt-4 w-full`}
          disabled={
            !condition || lateFee === null || detail.isPending || (isBackup && seal === undefined)
          }
          onMouseDown={keepFocus}
          onClick={() =>
            onSave(booking.bookingId, {
              items: [
                {
                  itemId: item.itemId,
                  unitCode: unit.code,
                  condition: condition!,
                  ...(capped && amount.trim() !== '' ? { damageAmount: Number(amount) } : {}),
                  ...(isBackup ? { backupSealIntact: seal! } : {}),
                },
              ],
              returnedOn,
            })
          }
        >
          {condition
            ? `Save return as ${CONDITION_LABELS[condition].toLowerCase()}`
            : 'Save return'}
        </button>
      </div>
    </section>
  );
}
