import { useQueryClient } from '@tanstack/react-query';
import type { FulfilmentBooking } from '@pehnava/shared';
import { Box, CircleAlert, CircleCheckBig } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client';
import { notify } from '../lib/notify';
import { bookingActions, checkInPreview } from './api';
import { CameraScanner } from './camera-scanner';
import { TagField } from './tag-field';
import {
  backupWithCode,
  codesOf,
  isPacked,
  isSent,
  openParcel,
  packedCount,
  piecesOf,
  scanForSending,
} from './packing';
import { BackupMark } from './backup-piece';
import { keepFocus, scanSound, useScannerKeys } from './scanner';
import { PRIMARY, SECONDARY } from './ui';

/** What the packing table has packed on a day, and the bookings it is sending right now. */
export interface Packing {
  packed: ReadonlySet<string>;
  /** Sent from this table, until the board says so too (or the server refuses). */
  sending: ReadonlySet<string>;
  pack(code: string): void;
  putAside(booking: FulfilmentBooking): void;
  setSending(bookingId: string, on: boolean): void;
}

/** Read from the browser's storage, or `fallback` where it cannot be read. */
function stored<T>(storage: () => Storage, key: string, fallback: T): T {
  try {
    const raw = storage().getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}
function store(storage: () => Storage, key: string, value: unknown) {
  try {
    storage().setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the packing still works for this page.
  }
}

/**
 * The codes packed on `day` at this table, kept for the tab (a reload keeps them, another
 * table's tab has its own).
 */
export function usePacking(day: string): Packing {
  const key = `pehnava.console.packed.${day}`;
  const read = () => new Set(day ? stored<string[]>(() => sessionStorage, key, []) : []);
  const [kept, setKept] = useState(() => ({ key, packed: read() }));
  // Another day (the board loaded, or midnight passed): that day's own packing.
  let current = kept;
  if (kept.key !== key) {
    current = { key, packed: read() };
    setKept(current);
  }
  const [sending, setSendingIds] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (day) store(() => sessionStorage, kept.key, [...kept.packed]);
  }, [day, kept]);
  const change = (update: (packed: Set<string>) => void) =>
    setKept((was) => {
      const packed = new Set(was.packed);
      update(packed);
      return { key: was.key, packed };
    });
  return {
    packed: current.packed,
    sending,
    pack: (code) => change((packed) => packed.add(code)),
    putAside: (booking) =>
      change((packed) => {
        for (const code of codesOf(booking)) packed.delete(code);
      }),
    setSending: (bookingId, on) =>
      setSendingIds((was) => {
        const next = new Set(was);
        if (on) next.add(bookingId);
        else next.delete(bookingId);
        return next;
      }),
  };
}

const SEND_ON_LAST_SCAN = 'pehnava.console.sendOnLastScan';

interface Said {
  tone: 'ok' | 'refused' | 'info';
  message: string;
  /** A new line each time, so the same refusal twice is said twice. */
  key: number;
}

/**
 * Scan to send (issue [N] §2), above the day's send list: each tag scanned or typed packs its
 * piece for its booking; a booking whose every piece is packed is sent with one tap, or at its
 * last scan when the table is set so. A piece already sent, one for another day, or one of another
 * booking while a parcel is half packed is refused in red, with a buzz.
 */
export function ScanToSend({
  day,
  tomorrow,
  packing,
}: {
  day: FulfilmentBooking[];
  tomorrow: FulfilmentBooking[];
  packing: Packing;
}) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [said, setSaid] = useState<Said>();
  const [sendOnLastScan, setSendOnLastScan] = useState(() =>
    stored(() => localStorage, SEND_ON_LAST_SCAN, false),
  );
  const lines = useRef(0);
  const open = openParcel(day, packing.packed);
  const complete = day.filter(
    (booking) =>
      !isSent(booking) &&
      !packing.sending.has(booking.bookingId) &&
      isPacked(booking, packing.packed),
  );

  const say = (tone: Said['tone'], message: string) => {
    lines.current += 1;
    setSaid({ tone, message, key: lines.current });
    if (tone !== 'info') scanSound(tone);
  };

  const send = (booking: FulfilmentBooking) => {
    packing.setSending(booking.bookingId, true);
    say('ok', `#${booking.bookingNumber} sent`);
    bookingActions.dispatch(booking.bookingId).then(
      (answer) => {
        notify.success(answer.message ?? 'Dispatched');
        void client.invalidateQueries({ queryKey: ['console'] });
      },
      (error: unknown) => {
        packing.setSending(booking.bookingId, false);
        const reason = error instanceof Error ? error.message : 'That did not go through';
        say('refused', `#${booking.bookingNumber} was not sent: ${reason}`);
      },
    );
  };

  const scan = (raw: string) => {
    setTyped('');
    input.current?.focus();
    if (raw.trim() === '') return;
    const outcome = scanForSending(raw, { day, tomorrow, packed: packing.packed, open });
    // A back-up size goes in sealed: the packer hears which tag it was.
    const backup =
      outcome.kind === 'packed' || outcome.kind === 'complete'
        ? backupWithCode(outcome.booking, outcome.code)
        : undefined;
    const piece = backup ? `${outcome.code} (back-up size ${backup.size}, sealed)` : outcome.code;
    switch (outcome.kind) {
      case 'packed':
        packing.pack(outcome.code);
        say(
          'ok',
          `${piece} packed for #${outcome.booking.bookingNumber}: ${outcome.packed} of ${outcome.of}`,
        );
        return;
      case 'complete':
        packing.pack(outcome.code);
        if (sendOnLastScan) send(outcome.booking);
        else
          say(
            'ok',
            `${piece} packed: #${outcome.booking.bookingNumber} is complete, ready to send`,
          );
        return;
      case 'again':
        say('info', outcome.message);
        return;
      case 'refused':
        say('refused', outcome.message);
        return;
      case 'ask':
        // Not on today's list nor tomorrow's: the server says what the tag is.
        checkInPreview(outcome.code).then(
          (found) =>
            say(
              'refused',
              `${outcome.code} is out with #${found.booking.bookingNumber}: it was already sent`,
            ),
          (error: unknown) =>
            say(
              'refused',
              error instanceof ApiError && error.status === 409
                ? `${outcome.code} is not on today's list: nothing is to be sent with it today`
                : error instanceof Error
                  ? error.message
                  : `${outcome.code} could not be looked up`,
            ),
        );
    }
  };
  useScannerKeys(input, (key) => setTyped((was) => was + key), scan);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    scan(typed);
  };

  return (
    <section
      aria-label="Scan to send"
      className="mb-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5"
    >
      <form onSubmit={submit}>
        <TagField
          id="send-code"
          label="Scan a tag to pack it"
          inputRef={input}
          value={typed}
          onChange={setTyped}
          placeholder="PHN-LEH-0001-M-1"
          action="Pack"
          enterKeyHint="go"
        />
        <label className="mt-3 flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            className="size-4 accent-maroon-700"
            checked={sendOnLastScan}
            onChange={(event) => {
              setSendOnLastScan(event.target.checked);
              store(() => localStorage, SEND_ON_LAST_SCAN, event.target.checked);
            }}
          />
          Send a booking as soon as its last piece is scanned
        </label>
        <CameraScanner onCode={scan} />
      </form>

      {said && <ScanLineSaid key={said.key} said={said} />}

      {open && (
        <Parcel booking={open} packed={packing.packed} onPutAside={() => packing.putAside(open)} />
      )}
      {complete.map((booking) => (
        <div
          key={booking.bookingId}
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-green-50 px-3 py-2 ring-1 ring-green-200"
        >
          <CircleCheckBig size={18} aria-hidden className="text-green-900" />
          <span className="flex-1 text-sm text-green-900">
            #{booking.bookingNumber}: every piece packed
          </span>
          <button
            type="button"
            className={PRIMARY}
            onMouseDown={keepFocus}
            onClick={() => send(booking)}
          >
            Send #{booking.bookingNumber}
          </button>
        </div>
      ))}
    </section>
  );
}

function ScanLineSaid({ said }: { said: Said }) {
  const refused = said.tone === 'refused';
  return (
    <p
      role={refused ? 'alert' : 'status'}
      className={`mt-3 flex items-start gap-2 rounded-lg px-3 py-3 font-medium ring-1 ${
        refused
          ? 'bg-red-700 text-white ring-red-800'
          : said.tone === 'ok'
            ? 'bg-green-50 text-green-900 ring-green-200'
            : 'bg-stone-50 text-stone-800 ring-stone-200'
      }`}
    >
      {refused ? (
        <CircleAlert size={20} aria-hidden className="mt-0.5 shrink-0" />
      ) : (
        <CircleCheckBig size={20} aria-hidden className="mt-0.5 shrink-0" />
      )}
      {said.message}
    </p>
  );
}

/** A tag in the parcel being packed: ticked once scanned. */
function PackedCode({ code, packed }: { code: string; packed: ReadonlySet<string> }) {
  return (
    <span className={`font-mono ${packed.has(code) ? 'text-green-800' : 'text-stone-600'}`}>
      {packed.has(code) ? '✓ ' : '○ '}
      {code}
    </span>
  );
}

/** The booking being packed: its pieces, which are packed, and a way to put it aside. */
function Parcel({
  booking,
  packed,
  onPutAside,
}: {
  booking: FulfilmentBooking;
  packed: ReadonlySet<string>;
  onPutAside: () => void;
}) {
  return (
    <div
      aria-label={`Packing #${booking.bookingNumber}`}
      role="group"
      className="mt-3 rounded-lg px-3 py-2 ring-1 ring-stone-200"
    >
      <p className="flex items-center gap-2 text-sm font-semibold text-stone-900">
        <Box size={16} aria-hidden />
        Packing #{booking.bookingNumber}: {packedCount(booking, packed)} of {piecesOf(booking)}
      </p>
      <ul className="mt-1.5 space-y-1 text-sm">
        {booking.items.map((item) => (
          <li key={item.itemId} className="flex flex-wrap items-center gap-x-2">
            {item.unitCodes.length === 0 ? (
              <span className="text-red-800">no piece reserved: see the booking</span>
            ) : (
              item.unitCodes.map((code) => <PackedCode key={code} code={code} packed={packed} />)
            )}
            <span className="text-stone-800">
              {item.name} · size {item.size}
            </span>
            {item.backup && (
              <span className="flex w-full flex-wrap items-center gap-x-2 border-l-2 border-amber-300 pl-2">
                {item.backup.unitCode ? (
                  <PackedCode code={item.backup.unitCode} packed={packed} />
                ) : (
                  <span className="text-red-800">no back-up reserved: see the booking</span>
                )}
                <BackupMark />
                <span className="text-stone-800">size {item.backup.size}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${SECONDARY} mt-2`}
        onMouseDown={keepFocus}
        onClick={onPutAside}
      >
        Put #{booking.bookingNumber} aside
      </button>
    </div>
  );
}
