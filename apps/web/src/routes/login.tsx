import { LOGIN_META } from '@pehnava/shared';
import { BadgeCheck, Sparkles, Truck } from 'lucide-react';
import { Navigate } from 'react-router';
import { AuthPanel } from '../features/account/auth-panel';
import { loginMessages } from '../i18n/login';
import { useMessages } from '../i18n/messages';
import { usePageMeta } from '../lib/page-meta';
import { useToken } from '../lib/session';

/** What renting from Pehnava promises, with their words' keys in the login page's messages. */
const PROMISES = [
  { icon: Sparkles, text: 'promise0' },
  { icon: Truck, text: 'promise1' },
  { icon: BadgeCheck, text: 'promise2' },
] as const;

/** /login: a signed-in shopper is sent to / (also right after logging in or verifying). */
export function LoginPage() {
  usePageMeta(LOGIN_META);
  const m = useMessages(loginMessages);
  const token = useToken();
  if (token) return <Navigate to="/" replace />;
  return (
    <main className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-[1fr_1.1fr] md:py-14">
      <section
        aria-labelledby="login-heading"
        className="rounded-3xl bg-maroon-900 px-6 py-8 text-white sm:px-10 md:py-12"
      >
        <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-300">
          {m.welcome()}
        </p>
        <h1 id="login-heading" className="mt-3 font-display text-3xl leading-tight sm:text-4xl">
          {m.heading()}
        </h1>
        <p className="mt-3 text-maroon-50/90">{m.pitch()}</p>
        <ul className="mt-6 hidden space-y-3 text-sm sm:block">
          {PROMISES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon size={18} aria-hidden className="mt-0.5 shrink-0 text-gold-300" />
              {m[text]()}
            </li>
          ))}
        </ul>
      </section>
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5 sm:p-8">
        <AuthPanel />
      </div>
    </main>
  );
}
