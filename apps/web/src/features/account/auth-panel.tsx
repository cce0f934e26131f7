import {
  ACCOUNT_MESSAGES as M,
  MIN_PASSWORD_LENGTH,
  OTP_RESEND_SECONDS,
  type RegisterBody,
} from '@pehnava/shared';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PRIMARY_BUTTON, TEXT_BUTTON } from '../../components/ui/buttons';
import { Field, FormError, PasswordField } from '../../components/ui/field';
import { useShopperMessage } from '../../i18n/api-messages';
import { loginMessages } from '../../i18n/login';
import { useMessages } from '../../i18n/messages';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { login, register } from './api';
import { VerifyEmail, type SentCode } from './verify-email';

type Mode = 'login' | 'signup';

/** How e-mails are compared: the server keeps them trimmed and in lower case. */
const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * /login: Login and Sign Up behind one toggle, then the Verify Email step of a sign-up. The tab
 * is in the URL (`?mode=signup`), so a link (the small-screen menu's Sign Up) can open either.
 */
export function AuthPanel() {
  const m = useMessages(loginMessages);
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'login';
  const setMode = (next: Mode) =>
    setParams(next === 'signup' ? { mode: 'signup' } : {}, { replace: true });
  // What the shopper typed into Sign Up, kept for Resend OTP and for Change Email.
  const [draft, setDraft] = useState<RegisterBody>();
  const [verifying, setVerifying] = useState(false);
  // When a code went to each address, and with what details: after Change Email, the same
  // address again finds its countdown where it was (the server will not send another yet).
  const [sent, setSent] = useState<Readonly<Record<string, SentCode>>>({});
  const recordSent = (body: RegisterBody) =>
    setSent((all) => ({ ...all, [emailKey(body.email)]: { at: Date.now(), body } }));

  const code = draft && sent[emailKey(draft.email)];
  if (draft && verifying && code) {
    return (
      <VerifyEmail
        signUp={draft}
        sent={code}
        onResent={recordSent}
        onChangeEmail={() => setVerifying(false)}
      />
    );
  }
  return (
    <div>
      <div
        role="tablist"
        aria-label={m.loginOrSignUp()}
        className="grid grid-cols-2 rounded-full bg-maroon-50 p-1 text-sm font-medium"
      >
        {(['login', 'signup'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${tab}-tab`}
            aria-selected={mode === tab}
            aria-controls={`${tab}-panel`}
            className={`rounded-full py-2.5 transition focus-visible:outline-2 focus-visible:outline-maroon-700 ${
              mode === tab
                ? 'bg-white text-maroon-900 shadow-sm'
                : 'text-stone-600 hover:text-maroon-700'
            }`}
            onClick={() => setMode(tab)}
          >
            {tab === 'login' ? m.logIn() : m.signUp()}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${mode}-panel`} aria-labelledby={`${mode}-tab`} className="mt-6">
        {mode === 'login' ? (
          <LoginForm />
        ) : (
          <SignUpForm
            draft={draft}
            onCodeSent={(body) => {
              recordSent(body);
              setDraft(body);
              setVerifying(true);
            }}
            onCodeWaiting={(body) => {
              const earlier = sent[emailKey(body.email)];
              // Not sent from this page (another tab), or longer ago than this page thinks: the
              // server says it was within the minute, so count the minute from now.
              if (!earlier) recordSent(body);
              else if (Date.now() - earlier.at >= OTP_RESEND_SECONDS * 1000)
                recordSent(earlier.body);
              setDraft(body);
              setVerifying(true);
            }}
          />
        )}
      </div>
    </div>
  );
}

/** The server's refusal to mail a second code within the minute (DECISIONS.md 'Accounts'). */
const isResendTooSoon = (error: unknown) =>
  error instanceof ApiError && error.status === 429 && error.message === M.otpResendTooSoon;

function LoginForm() {
  const m = useMessages(loginMessages);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      // The token is kept and the page moves on by itself (a signed-in shopper goes to /).
      notify.success(
        await login({ email: String(form.get('email')), password: String(form.get('password')) }),
      );
    } catch (error) {
      notify.error((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={m.logIn()}>
      <Field label={m.email()} name="email" type="email" autoComplete="email" required />
      <PasswordField
        label={m.password()}
        name="password"
        autoComplete="current-password"
        required
      />
      <div className="flex justify-end">
        <button
          type="button"
          className={TEXT_BUTTON}
          onClick={() => notify.info(M.passwordResetSoon)}
        >
          {m.forgotPassword()}
        </button>
      </div>
      <button type="submit" className={`${PRIMARY_BUTTON} w-full`} disabled={busy}>
        {busy ? m.loggingIn() : m.logIn()}
      </button>
    </form>
  );
}

function SignUpForm({
  draft,
  onCodeSent,
  onCodeWaiting,
}: {
  draft: RegisterBody | undefined;
  onCodeSent: (signUp: RegisterBody) => void;
  /** The server sent a code to this address less than a minute ago: that code is still good. */
  onCodeWaiting: (signUp: RegisterBody) => void;
}) {
  const m = useMessages(loginMessages);
  const [busy, setBusy] = useState(false);
  // A shared rule's message (ACCOUNT_MESSAGES), shown in the page's language.
  const [problem, setProblem] = useState<string>();
  const problemShown = useShopperMessage(problem ?? '');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      name: String(form.get('name')),
      email: String(form.get('email')),
      password: String(form.get('password')),
    };
    if (body.password.length < MIN_PASSWORD_LENGTH) {
      setProblem(M.passwordTooShort);
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      notify.success(await register(body));
      onCodeSent(body);
    } catch (error) {
      setBusy(false);
      if (isResendTooSoon(error)) {
        notify.info(M.otpAlreadySent);
        onCodeWaiting(body);
        return;
      }
      notify.error((error as Error).message);
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label={m.signUp()}>
      <Field
        label={m.fullName()}
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        defaultValue={draft?.name}
      />
      <Field
        label={m.email()}
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={draft?.email}
        // Back from Verify Email to change it: the e-mail is what needs fixing.
        autoFocus={Boolean(draft)}
      />
      <PasswordField
        label={m.password()}
        name="password"
        autoComplete="new-password"
        required
        defaultValue={draft?.password}
        hint={m.atLeastCharacters({ count: MIN_PASSWORD_LENGTH })}
      />
      <FormError message={problemShown} />
      <button type="submit" className={`${PRIMARY_BUTTON} w-full`} disabled={busy}>
        {busy ? m.sendingOtp() : m.sendOtp()}
      </button>
      <p className="text-center text-xs text-stone-600">{m.codeByEmail()}</p>
    </form>
  );
}
