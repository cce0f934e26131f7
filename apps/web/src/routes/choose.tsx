import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHOOSE_META,
  formatRupees,
  type AtRiskChoiceBody,
  type AtRiskLine,
  type AtRiskResponse,
  dateFormatsIn,
} from '@pehnava/shared';
import { AlertTriangle, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../components/ui/buttons';
import { LoadFailed } from '../components/ui/load-failed';
import { ShopperMessage } from '../components/ui/shopper-message';
import { atRiskChoices, chooseAtRisk } from '../features/bookings/api';
import { chooseMessages } from '../i18n/choose';
import { useMessages, useLanguage } from '../i18n/messages';
import { Link } from '../lib/link';
import { notify } from '../lib/notify';
import { usePageMeta } from '../lib/page-meta';
import { getToken, useToken } from '../lib/session';
import { useRefreshBookings } from '../lib/shopper';

const CHOICE =
  'inline-flex min-h-11 items-center justify-center rounded-full border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 transition hover:border-maroon-700 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 disabled:cursor-not-allowed disabled:border-stone-200 disabled:bg-stone-50 disabled:text-stone-500';

/**
 * /orders/{id}/choose (issue [N] §6): the page the at-risk mail links to. A piece set aside for
 * the booking cannot be made ready and no other of its size was free: the shopper chooses another
 * size, another piece at no extra cost, or cancelling with a full refund. The server decides
 * what is free when the choice arrives; a choice taken meanwhile is refused and the page reloads.
 */
export function ChooseForBookingPage() {
  usePageMeta(CHOOSE_META);
  const m = useMessages(chooseMessages);
  const { id = '' } = useParams();
  const token = useToken();
  const client = useQueryClient();
  const refreshBookings = useRefreshBookings();
  const key = ['shopper', token, 'at-risk', id];
  const choices = useQuery({
    queryKey: key,
    queryFn: () => atRiskChoices(id, m.loadFailed()),
    enabled: Boolean(token),
  });
  const [done, setDone] = useState<string>();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const choose = useMutation({
    mutationFn: (body: AtRiskChoiceBody) => chooseAtRisk(id, body, m.saveFailed()),
    onSuccess: (answer) => {
      setDone(answer.message);
      client.setQueryData<AtRiskResponse>(key, { success: true, ...answer.choices });
      void refreshBookings();
    },
    onError: (error) => {
      notify.error(error.message);
      void choices.refetch();
    },
  });
  const [arrivedSignedIn] = useState(() => Boolean(getToken()));
  if (!token) return arrivedSignedIn ? null : <Navigate to="/login" replace />;

  let body;
  if (choices.isPending) {
    body = (
      <p className="py-16 text-center text-stone-600" aria-busy="true">
        {m.loading()}
      </p>
    );
  } else if (choices.isError) {
    body = (
      <div className="py-16 text-center">
        <LoadFailed message={choices.error.message} onRetry={() => void choices.refetch()} />
      </div>
    );
  } else {
    const data = choices.data;
    body = (
      <>
        {done && (
          <p
            role="status"
            className="mb-6 flex items-start gap-2 rounded-xl bg-green-50 p-4 text-green-900 ring-1 ring-green-200"
          >
            <CircleCheck size={20} className="mt-0.5 shrink-0" aria-hidden />
            <ShopperMessage text={done} />
          </p>
        )}
        {data.lines.length === 0 ? (
          <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-black/5">
            <p className="text-stone-800">
              {data.status === 'cancelled' ? m.cancelled() : m.nothingToChoose()}
            </p>
            <Link to="/orders" className={`${PRIMARY_BUTTON} mt-5`}>
              {m.viewMyBookings()}
            </Link>
          </div>
        ) : (
          <>
            <p className="mb-6 text-stone-700">
              {data.cancellable ? m.sorryCancellable() : m.sorryExchange()}
            </p>
            <ul className="space-y-5">
              {data.lines.map((line) => (
                <LineChoices
                  key={line.itemId}
                  line={line}
                  busy={choose.isPending}
                  exchange={!data.cancellable}
                  onChoose={(choice) => choose.mutate({ ...choice, itemId: line.itemId })}
                />
              ))}
            </ul>
            {data.cancellable && (
              <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
                <h2 className="font-display text-xl text-maroon-900">{m.orCancel()}</h2>
                <p className="mt-1 text-sm text-stone-700">
                  {m.cancelText({ amount: formatRupees(data.refund) })}
                </p>
                <div className="mt-4 flex flex-wrap gap-3">
                  {confirmCancel ? (
                    <>
                      <button
                        type="button"
                        className={PRIMARY_BUTTON}
                        disabled={choose.isPending}
                        onClick={() => choose.mutate({ choice: 'cancel' })}
                      >
                        {m.confirmCancel({ amount: formatRupees(data.refund) })}
                      </button>
                      <button
                        type="button"
                        className={SECONDARY_BUTTON}
                        onClick={() => setConfirmCancel(false)}
                      >
                        {m.keepBooking()}
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      className={SECONDARY_BUTTON}
                      onClick={() => setConfirmCancel(true)}
                    >
                      {m.cancelWithRefund()}
                    </button>
                  )}
                </div>
              </section>
            )}
          </>
        )}
      </>
    );
  }

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="mb-4 font-display text-3xl text-maroon-900 sm:text-4xl">
        {choices.data ? m.bookingNumber({ number: choices.data.bookingNumber }) : m.yourBooking()}
      </h1>
      {body}
    </main>
  );
}

function LineChoices({
  line,
  busy,
  exchange,
  onChoose,
}: {
  line: AtRiskLine;
  busy: boolean;
  /** The size sent in a fit-window exchange: it may move to another size only. */
  exchange: boolean;
  onChoose: (choice: Omit<AtRiskChoiceBody, 'itemId'>) => void;
}) {
  const m = useMessages(chooseMessages);
  const dates = dateFormatsIn(useLanguage());
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5">
      <div className="flex gap-4">
        {line.image && (
          <img
            src={line.image}
            alt=""
            width={72}
            height={96}
            className="h-24 w-18 shrink-0 rounded-lg object-cover"
          />
        )}
        <div className="min-w-0">
          <h2 className="font-semibold text-stone-900">{line.name}</h2>
          <p className="text-sm text-stone-700">
            {m.lineDates({
              size: line.size,
              start: dates.isoDate(line.startDate),
              end: dates.isoDate(line.endDate),
            })}
          </p>
          <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-amber-800">
            <AlertTriangle size={16} aria-hidden />
            {m.mayNotBeReady()}
          </p>
        </div>
      </div>
      <h3 className="mt-5 text-sm font-semibold text-stone-900">{m.anotherSize()}</h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {line.sizes.map(({ size, free }) => (
          <button
            key={size}
            type="button"
            className={CHOICE}
            disabled={!free || busy}
            onClick={() => onChoose({ choice: 'size', size })}
          >
            {size === line.size ? m.anotherPieceIn({ size }) : m.size({ size })}
            {!free && <span className="ml-1 text-xs">{m.noneFree()}</span>}
          </button>
        ))}
      </div>
      {!exchange && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-stone-900">
            {m.anotherPiece({ size: line.size })}
          </h3>
          {line.pieces.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">{m.noOtherPiece()}</p>
          ) : (
            <ul className="mt-2 grid gap-3 sm:grid-cols-2">
              {line.pieces.map((piece) => (
                <li
                  key={piece._id}
                  className="flex items-center gap-3 rounded-xl border border-stone-200 p-2.5"
                >
                  {piece.image && (
                    <img
                      src={piece.image}
                      alt=""
                      width={48}
                      height={64}
                      loading="lazy"
                      className="h-16 w-12 shrink-0 rounded object-cover"
                    />
                  )}
                  <span className="min-w-0 flex-1 text-sm font-medium text-stone-900">
                    <Link to={`/product/${piece._id}`} className="hover:underline">
                      {piece.name}
                    </Link>
                  </span>
                  <button
                    type="button"
                    className={CHOICE}
                    disabled={busy}
                    onClick={() => onChoose({ choice: 'piece', productId: piece._id })}
                    aria-label={m.chooseName({ name: piece.name })}
                  >
                    {m.choose()}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </li>
  );
}
