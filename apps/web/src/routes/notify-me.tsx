import { MAX_OPEN_NOTIFY_REQUESTS, NOTIFY_ME_META, type NotifyRequest } from '@pehnava/shared';
import { useMutation } from '@tanstack/react-query';
import { BellRing, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../components/ui/buttons';
import { EmptyState } from '../components/ui/empty-state';
import { LoadFailed } from '../components/ui/load-failed';
import {
  cancelNotifyRequest,
  sayFailure,
  useNotifyRequests,
  useUpdateNotifyRequests,
} from '../features/notify-me/api';
import { NotifyRequestRow } from '../features/notify-me/request-row';
import { useShopperMessage } from '../i18n/api-messages';
import { useMessages } from '../i18n/messages';
import { notifyMeMessages } from '../i18n/notify-me';
import { Link } from '../lib/link';
import { notify } from '../lib/notify';
import { usePageMeta } from '../lib/page-meta';
import { getToken, useToken } from '../lib/session';

/**
 * /notify-me: the shopper's 'notify me' requests (DECISIONS.md 'Notify me'), newest first, each
 * with where it stands, the piece with its dates, and Cancel while it waits. Needs a session
 * (else /login).
 */
export function NotifyMePage() {
  usePageMeta(NOTIFY_ME_META);
  const m = useMessages(notifyMeMessages);
  const token = useToken();
  const requests = useNotifyRequests();
  // This page's own fallback from its messages, the server's words from the API's (a toast's, by
  // notify).
  const loadProblem = useShopperMessage(sayFailure(requests.error?.message ?? '', m));
  const update = useUpdateNotifyRequests();
  const cancel = useMutation({
    mutationFn: (request: NotifyRequest) => cancelNotifyRequest(request._id),
    onSuccess: ({ message }, request) => {
      notify.success(message);
      update((list) => list.filter((r) => r._id !== request._id));
    },
    onError: (error) => notify.error(sayFailure(error.message, m)),
  });
  // A session that ends here is followed by its own navigation, which this must not overrule.
  const [arrivedSignedIn] = useState(() => Boolean(getToken()));
  if (!token) return arrivedSignedIn ? null : <Navigate to="/login" replace />;

  let body;
  if (requests.isPending) {
    body = (
      <p className="py-16 text-center text-stone-600" aria-busy="true">
        {m.loadingRequests()}
      </p>
    );
  } else if (requests.isError) {
    body = (
      <div className="py-16 text-center">
        <LoadFailed message={loadProblem} onRetry={() => void requests.refetch()} />
      </div>
    );
  } else if (requests.data.length === 0) {
    body = (
      <EmptyState icon={BellRing} title={m.noRequests()} text={m.noRequestsText()}>
        <Link to="/collection" className={PRIMARY_BUTTON}>
          {m.browseCollection()}
        </Link>
      </EmptyState>
    );
  } else {
    const waiting = requests.data.filter((r) => r.status === 'open').length;
    body = (
      <>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-600" data-testid="notify-me-count" aria-live="polite">
            {m.waitingOf({ waiting, max: MAX_OPEN_NOTIFY_REQUESTS })}
          </p>
          <button
            type="button"
            className={`${SECONDARY_BUTTON} px-4 py-2`}
            onClick={() => void requests.refetch()}
            disabled={requests.isFetching}
          >
            <RefreshCw
              size={16}
              aria-hidden
              className={requests.isFetching ? 'animate-spin' : undefined}
            />
            {m.refresh()}
          </button>
        </div>
        <ul className="space-y-3" aria-label={m.yourRequests()}>
          {requests.data.map((request) => (
            <li key={request._id}>
              <NotifyRequestRow
                request={request}
                onCancel={() => cancel.mutate(request)}
                cancelling={cancel.isPending && cancel.variables._id === request._id}
              />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="font-display text-3xl text-maroon-900 sm:text-4xl">{m.heading()}</h1>
      <p className="mb-6 mt-1 text-stone-600">{m.intro()}</p>
      {body}
    </main>
  );
}
