import {
  ACCOUNT_MESSAGES as M,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_VALID_MINUTES,
  type RegisterBody,
} from '@pehnava/shared';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { PRIMARY_BUTTON, TEXT_BUTTON } from '../../components/ui/buttons';
import { FormError } from '../../components/ui/field';
import { useShopperMessage } from '../../i18n/api-messages';
import { loginMessages } from '../../i18n/login';
import { richText, useMessages } from '../../i18n/messages';
import { notify } from '../../lib/notify';
import { register, verifyOtp } from './api';

/** A code the server mailed: when (this page's clock) and with which sign-up details. */
export interface SentCode {
  at: number;
  body: RegisterBody;
}

/** Seconds until a new code may be asked for, counted from when the last one was sent. */
function useResendCountdown(sentAt: number) {
  const [now, setNow] = useState(() => Date.now());
  // Never above the full minute: `now` can be from before a code that has just been sent.
  const elapsed = Math.max(0, now - sentAt);
  const left = Math.max(0, OTP_RESEND_SECONDS - Math.floor(elapsed / 1000));
  // One interval per code sent, ticking from when it was sent: re-arming it on every tick would
  // let each second run a little long.
  useEffect(() => {
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at - sentAt >= OTP_RESEND_SECONDS * 1000) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [sentAt]);
  return left;
}

/**
 * Sign-up step 2: the 6-digit code from the e-mail creates the account and signs in. The
 * countdown runs from when the code was sent (`sent.at`), also when the shopper comes back to
 * this screen after Change Email.
 */
export function VerifyEmail({
  signUp,
  sent,
  onResent,
  onChangeEmail,
}: {
  /** What the sign-up form holds now: a resend sends these details. */
  signUp: RegisterBody;
  sent: SentCode;
  /** A new code went out with `body`. */
  onResent: (body: RegisterBody) => void;
  onChangeEmail: () => void;
}) {
  const m = useMessages(loginMessages);
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  // A shared rule's message (ACCOUNT_MESSAGES), shown in the page's language.
  const [problem, setProblem] = useState<string>();
  const problemShown = useShopperMessage(problem ?? '');
  const earlierDetails = useShopperMessage(M.otpSentWithEarlierDetails);
  const left = useResendCountdown(sent.at);
  // The code creates the account with the details it was sent with (the server keeps them).
  const detailsChanged = sent.body.name !== signUp.name || sent.body.password !== signUp.password;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp)) {
      setProblem(M.otpInvalidFormat);
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      // The token is kept and the login page moves on to / by itself.
      notify.success(await verifyOtp({ email: signUp.email, otp }));
    } catch (error) {
      notify.error((error as Error).message);
      setBusy(false);
    }
  };

  const onResend = async () => {
    setResending(true);
    try {
      notify.success(await register(signUp, true));
      onResent(signUp);
      setOtp('');
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-labelledby="verify-heading">
      <button
        type="button"
        className={`${TEXT_BUTTON} inline-flex items-center gap-1.5`}
        onClick={onChangeEmail}
      >
        <ArrowLeft size={16} aria-hidden /> {m.changeEmail()}
      </button>
      <div className="text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-maroon-50 text-maroon-700">
          <MailCheck size={26} aria-hidden />
        </span>
        <h2 id="verify-heading" className="mt-3 font-display text-2xl text-maroon-900">
          {m.verifyHeading()}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {richText(m.codeSentTo, {
            email: (
              <strong className="break-all font-medium text-stone-900" data-testid="verify-email">
                {signUp.email}
              </strong>
            ),
          })}
        </p>
      </div>
      <div>
        <label htmlFor="otp" className="block text-sm font-medium text-stone-800">
          {m.verificationCode()}
        </label>
        <input
          id="otp"
          name="otp"
          value={otp}
          onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder="••••••"
          autoFocus
          aria-describedby="otp-note"
          className="mt-1.5 block w-full rounded-lg border border-stone-300 bg-white px-3.5 py-3 text-center font-mono text-2xl tracking-[0.5em] text-stone-900 shadow-sm placeholder:text-stone-300 focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/20"
        />
        <p id="otp-note" className="mt-2 text-xs text-stone-600">
          {m.otpValidFor({ minutes: OTP_VALID_MINUTES })}
        </p>
      </div>
      {detailsChanged && (
        <p
          className="rounded-lg bg-gold-300/30 px-3 py-2 text-sm text-stone-800 ring-1 ring-gold-500/40"
          data-testid="otp-earlier-details"
        >
          {earlierDetails}
        </p>
      )}
      <FormError message={problemShown} />
      <button type="submit" className={`${PRIMARY_BUTTON} w-full`} disabled={busy}>
        {busy ? m.verifying() : m.verifyAndCreate()}
      </button>
      <p className="text-center text-sm text-stone-600">
        {m.didntGetIt()}{' '}
        <button
          type="button"
          className={TEXT_BUTTON}
          disabled={left > 0 || resending}
          onClick={onResend}
        >
          {resending ? m.sending() : left > 0 ? m.resendIn({ seconds: left }) : m.resendOtp()}
        </button>
      </p>
    </form>
  );
}
