import { WHATSAPP_MESSAGES as W, isIndianMobile, type WhatsAppStatus } from '@pehnava/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, MessageCircle } from 'lucide-react';
import {
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_BUTTON } from '../../components/ui/buttons';
import { useShopperMessage } from '../../i18n/api-messages';
import { richText, useMessages } from '../../i18n/messages';
import { profileMessages } from '../../i18n/profile';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useToken } from '../../lib/session';
import {
  mobileFromProfile,
  startWhatsApp,
  stopWhatsApp,
  verifyWhatsApp,
  whatsAppQuery,
  type WhatsAppAnswer,
} from './whatsapp-api';

type Busy = 'send' | 'verify' | 'resend' | 'off';

const INPUT =
  'block w-full rounded-lg border border-stone-300 bg-white px-3.5 py-2.5 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/20 aria-invalid:border-red-600 aria-invalid:focus:ring-red-600/20';

/** A server refusal about what was typed (bad input, too soon, too many): said at the field. */
const atField = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 429);

/**
 * A labelled input with its error under it (announced), or a line of help. The error is a shared
 * rule's or the server's message, shown in the page's language.
 */
function InputRow({
  label,
  error,
  hint,
  prefix,
  ...input
}: {
  label: string;
  error: string | undefined;
  hint?: string;
  prefix?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorShown = useShopperMessage(error ?? '');
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const field = (
    <input
      id={id}
      {...input}
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
      className={`${INPUT} ${prefix ? 'rounded-l-none' : ''} tracking-wide`}
    />
  );
  return (
    <div className="min-w-0 flex-1 sm:max-w-xs">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {prefix ? (
        <div className="mt-1.5 flex">
          <span
            className={`inline-flex items-center rounded-l-lg border border-r-0 bg-stone-50 px-3 text-stone-600 ${error ? 'border-red-600' : 'border-stone-300'}`}
          >
            {prefix}
          </span>
          {field}
        </div>
      ) : (
        <div className="mt-1.5">{field}</div>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {errorShown}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/**
 * 'Booking updates on WhatsApp' under the Overview tab (issue [P] §3; decision 085): off, a
 * number and 'Send code'; pending, the code sent on WhatsApp; on, the number and 'Turn off'. The
 * server's refusals are shown in its words: at the field for what was typed, else as a toast.
 */
export function WhatsAppUpdates({ profilePhone }: { profilePhone: string }) {
  const m = useMessages(profileMessages);
  const token = useToken();
  const client = useQueryClient();
  const query = useQuery({ ...whatsAppQuery(token ?? ''), enabled: Boolean(token) });
  const loadProblem = useShopperMessage(query.error?.message ?? W.unavailable);
  const [busy, setBusy] = useState<Busy>();
  const running = useRef(false);
  const [phoneError, setPhoneError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [changing, setChanging] = useState(false);
  const codeForm = useRef<HTMLFormElement>(null);

  /** One request at a time: a second press while one is on its way does nothing. */
  async function act(
    kind: Busy,
    request: () => Promise<WhatsAppAnswer>,
    refused: (error: unknown) => boolean,
  ): Promise<boolean> {
    if (running.current || !token) return false;
    running.current = true;
    setBusy(kind);
    try {
      const { status, message } = await request();
      client.setQueryData(whatsAppQuery(token).queryKey, status);
      if (message) notify.success(message);
      return true;
    } catch (error) {
      if (!refused(error)) notify.error((error as Error).message);
      return false;
    } finally {
      running.current = false;
      setBusy(undefined);
    }
  }

  const sendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = String(new FormData(event.currentTarget).get('phone') ?? '').trim();
    if (!isIndianMobile(phone)) {
      setPhoneError(W.invalidPhone);
      return;
    }
    setPhoneError(undefined);
    const sent = await act(
      'send',
      () => startWhatsApp({ phone }),
      (error) => atField(error) && (setPhoneError((error as Error).message), true),
    );
    if (sent) {
      setChanging(false);
      setCodeError(undefined);
    }
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('code') as HTMLInputElement;
    const code = input.value.trim();
    if (!/^\d{6}$/.test(code)) {
      setCodeError(W.invalidCode);
      input.focus();
      return;
    }
    setCodeError(undefined);
    const verified = await act(
      'verify',
      () => verifyWhatsApp({ code }),
      (error) => atField(error) && (setCodeError((error as Error).message), true),
    );
    if (!verified) input.select();
  };

  const sendAgain = async (phone: string) => {
    setCodeError(undefined);
    const sent = await act(
      'resend',
      () => startWhatsApp({ phone }),
      (error) => atField(error) && (setCodeError((error as Error).message), true),
    );
    if (sent) codeForm.current?.reset();
  };

  const turnOff = () => act('off', stopWhatsApp, () => false);

  let body: ReactNode;
  const status: WhatsAppStatus | undefined = query.data;
  if (query.isPending) {
    body = (
      <p className="text-sm text-stone-600" aria-busy="true">
        {m.loading()}
      </p>
    );
  } else if (query.isError || !status) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-sm text-red-700">
          {loadProblem}
        </p>
        <button type="button" className={TEXT_BUTTON} onClick={() => void query.refetch()}>
          {m.tryAgain()}
        </button>
      </div>
    );
  } else if (status.state === 'on') {
    body = (
      <div className="flex flex-col gap-4 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200 sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <p className="flex items-center gap-2.5 font-medium text-emerald-900">
          <CheckCircle2 size={20} className="shrink-0 text-emerald-700" aria-hidden />
          <span data-testid="whatsapp-on">{m.whatsappOnFor({ phone: status.phone ?? '' })}</span>
        </p>
        <button
          type="button"
          className={`${SECONDARY_BUTTON} shrink-0`}
          disabled={busy !== undefined}
          onClick={() => void turnOff()}
        >
          {busy === 'off' ? m.turningOff() : m.turnOff()}
        </button>
      </div>
    );
  } else if (status.state === 'pending' && status.pendingPhone && !changing) {
    const phone = status.pendingPhone;
    body = (
      <form ref={codeForm} onSubmit={verify} noValidate aria-label={m.verifyNumber()}>
        <p className="text-sm text-stone-700">
          {richText(m.enterCode, {
            phone: (
              <span className="font-medium whitespace-nowrap text-stone-900">+91 {phone}</span>
            ),
          })}
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
          <InputRow
            label={m.code()}
            name="code"
            error={codeError}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            placeholder={m.codePlaceholder()}
          />
          <button
            type="submit"
            className={`${PRIMARY_BUTTON} sm:mt-7`}
            disabled={busy !== undefined}
          >
            {busy === 'verify' ? m.verifying() : m.verify()}
          </button>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2">
          <button
            type="button"
            className={TEXT_BUTTON}
            disabled={busy !== undefined}
            onClick={() => void sendAgain(phone)}
          >
            {busy === 'resend' ? m.sending() : m.sendAgain()}
          </button>
          <button
            type="button"
            className={TEXT_BUTTON}
            disabled={busy !== undefined}
            onClick={() => {
              setPhoneError(undefined);
              setChanging(true);
            }}
          >
            {m.changeNumber()}
          </button>
        </div>
      </form>
    );
  } else {
    const pending = status.state === 'pending' ? status.pendingPhone : null;
    body = (
      <form onSubmit={sendCode} noValidate aria-label={m.turnOnUpdates()}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <InputRow
            label={m.whatsappNumber()}
            name="phone"
            type="tel"
            prefix="+91"
            error={phoneError}
            hint={m.mobileHint()}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            defaultValue={pending ?? mobileFromProfile(profilePhone)}
          />
          <button
            type="submit"
            className={`${PRIMARY_BUTTON} sm:mt-7`}
            disabled={busy !== undefined}
          >
            {busy === 'send' ? m.sending() : m.sendCode()}
          </button>
          {pending && (
            <button
              type="button"
              className={`${SECONDARY_BUTTON} sm:mt-7`}
              disabled={busy !== undefined}
              onClick={() => setChanging(false)}
            >
              {m.cancel()}
            </button>
          )}
        </div>
      </form>
    );
  }

  return (
    <section aria-labelledby="whatsapp-heading" className="mt-8 border-t border-stone-100 pt-8">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 ring-1 ring-emerald-100">
          <MessageCircle size={20} aria-hidden />
        </span>
        <div>
          <h2 id="whatsapp-heading" className="font-display text-2xl text-maroon-900">
            {m.whatsappHeading()}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{m.whatsappWhat()}</p>
        </div>
      </div>
      <div className="mt-5">{body}</div>
      <p className="mt-5 text-xs text-stone-500">{m.whatsappRecord()}</p>
    </section>
  );
}
