import { ACCOUNT_MESSAGES as M, MIN_PASSWORD_LENGTH } from '@pehnava/shared';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/ui/buttons';
import { FormError, PasswordField } from '../../components/ui/field';
import { useShopperMessage } from '../../i18n/api-messages';
import { useMessages } from '../../i18n/messages';
import { profileMessages } from '../../i18n/profile';
import { notify } from '../../lib/notify';
import { forgetSession, getToken } from '../../lib/session';
import { changePassword, deleteAccount } from './api';

const DANGER_BUTTON =
  'inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-6 py-3 text-sm font-medium text-white transition hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-50';

function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const m = useMessages(profileMessages);
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  // A shared rule's message (ACCOUNT_MESSAGES), shown in the page's language.
  const [problem, setProblem] = useState<string>();
  const problemShown = useShopperMessage(problem ?? '');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword'));
    const newPassword = String(data.get('newPassword'));
    const confirm = String(data.get('confirmPassword'));
    if (newPassword !== confirm) return setProblem(M.passwordsDoNotMatch);
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setProblem(M.passwordTooShort);
    setProblem(undefined);
    const token = getToken();
    if (!token) return;
    setBusy(true);
    try {
      notify.success(await changePassword(client, token, { currentPassword, newPassword }));
      form.reset();
      onChanged();
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-labelledby="change-password-heading">
      <h2 id="change-password-heading" className="font-display text-2xl text-maroon-900">
        {m.changePasswordHeading()}
      </h2>
      <p className="text-sm text-stone-600">{m.changePasswordNote()}</p>
      <PasswordField
        label={m.currentPassword()}
        name="currentPassword"
        autoComplete="current-password"
        required
      />
      <PasswordField
        label={m.newPassword()}
        name="newPassword"
        autoComplete="new-password"
        required
        hint={m.atLeastCharacters({ count: MIN_PASSWORD_LENGTH })}
      />
      <PasswordField
        label={m.confirmNewPassword()}
        name="confirmPassword"
        autoComplete="new-password"
        required
      />
      <FormError message={problemShown} />
      <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
        {busy ? m.changing() : m.changePassword()}
      </button>
    </form>
  );
}

/** Asks for the password, then the browser's confirmation, then deletes the account. */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const m = useMessages(profileMessages);
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // A shared rule's message (ACCOUNT_MESSAGES), shown in the page's language.
  const [problem, setProblem] = useState<string>();
  const problemShown = useShopperMessage(problem ?? '');
  const deleteConfirm = useShopperMessage(M.deleteConfirm);

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setProblem(M.deletePasswordRequired);
    setProblem(undefined);
    if (!window.confirm(deleteConfirm)) return;
    setBusy(true);
    try {
      const message = await deleteAccount({ password });
      onClose();
      forgetSession();
      void navigate('/');
      notify.success(message);
    } catch (error) {
      notify.error((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="delete-heading"
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl p-0 shadow-2xl backdrop:bg-black/50"
    >
      <form onSubmit={onSubmit} className="space-y-4 p-6 sm:p-8">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-700">
          <AlertTriangle size={24} aria-hidden />
        </span>
        <h2 id="delete-heading" className="font-display text-2xl text-maroon-900">
          {m.deleteHeading()}
        </h2>
        <p className="text-sm text-stone-700">{m.deleteWhat()}</p>
        <PasswordField
          label={m.password()}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoFocus
          hint={m.deletePasswordHint()}
        />
        <FormError message={problemShown} />
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <button type="button" className={SECONDARY_BUTTON} onClick={onClose} disabled={busy}>
            {m.cancel()}
          </button>
          <button type="submit" className={DANGER_BUTTON} disabled={!password || busy}>
            {busy ? m.deleting() : m.deleteAccount()}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The Security tab: change the password; the Danger Zone to delete the account. */
export function ProfileSecurity({ onPasswordChanged }: { onPasswordChanged: () => void }) {
  const m = useMessages(profileMessages);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="space-y-10">
      <ChangePassword onChanged={onPasswordChanged} />
      <section
        aria-labelledby="danger-heading"
        className="rounded-2xl border border-red-200 bg-red-50/60 p-5 sm:p-6"
      >
        <h2 id="danger-heading" className="font-display text-xl text-red-800">
          {m.dangerZone()}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{m.deleteCannotBeUndone()}</p>
        <button type="button" className={`${DANGER_BUTTON} mt-4`} onClick={() => setDeleting(true)}>
          {m.deleteAccount()}
        </button>
      </section>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </div>
  );
}
