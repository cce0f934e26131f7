import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { loadQueries } from '../lib/lazy-with-queries';
import { ACCOUNT_QUERY_KEY, onSessionEnd, useToken } from '../lib/session';

/** SPEC.md §4: the shopper's data loads 100 ms after start, and 1 s after a login. */
const LOAD_AT_START_MS = 100;
const LOAD_AFTER_LOGIN_MS = 1000;

// The shopper's data code and the query client load with the first signed-in need of them, not
// with every page.
const shopper = () => import('./shopper-start');
const goodbye = () => import('./goodbye');

/**
 * Follows the session: loads the shopper's data when one starts, drops it when one ends, and after
 * a logout or an expired session says so and goes to /login (scrolled to the top). Loaded with the
 * first session the page sees (app/layout.tsx): `startToken` is the one the app started with (null
 * when the shopper signed in since).
 */
export function SessionWatcher({ startToken }: { startToken: string | null }) {
  const navigate = useNavigate();
  const token = useToken();
  const previous = useRef(startToken);

  useEffect(() => {
    const before = previous.current;
    previous.current = token;
    if (before && before !== token) {
      void loadQueries().then(({ queryClient }) =>
        queryClient.removeQueries({ queryKey: [ACCOUNT_QUERY_KEY, before] }),
      );
    }
    if (!token) return;
    const atStart = before === token;
    const timer = setTimeout(
      () =>
        void Promise.all([shopper(), loadQueries()]).then(([m, { queryClient }]) =>
          m.startShopper(queryClient, token, { atStart }),
        ),
      atStart ? LOAD_AT_START_MS : LOAD_AFTER_LOGIN_MS,
    );
    return () => clearTimeout(timer);
  }, [token]);

  useEffect(
    () =>
      // The ended session's data is dropped by the effect above, as the token changes.
      onSessionEnd((reason) => {
        void goodbye().then((m) => m.sayGoodbye(reason));
        void navigate('/login');
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }),
    [navigate],
  );

  return null;
}
