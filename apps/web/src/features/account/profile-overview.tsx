import { ACCOUNT_MESSAGES as M, isValidGstin, type User } from '@pehnava/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../components/ui/buttons';
import { Field, FormError } from '../../components/ui/field';
import { useShopperMessage } from '../../i18n/api-messages';
import { useMessages } from '../../i18n/messages';
import { profileMessages } from '../../i18n/profile';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { getToken } from '../../lib/session';
import { profileQuery } from '../../lib/shopper';
import { updateProfile } from './api';

/** A GSTIN is called that in Hindi too (an acronym, as on the tax invoices). */
const GSTIN = 'GSTIN';

function Detail({ label, value, note }: { label: string; value: string; note?: string }) {
  const m = useMessages(profileMessages);
  return (
    <div className="py-4 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 text-stone-900 sm:col-span-2 sm:mt-0">
        {value ? (
          <span className="whitespace-pre-line break-words">{value}</span>
        ) : (
          <span className="text-stone-500">{m.notProvided()}</span>
        )}
        {note && <span className="mt-0.5 block text-xs text-stone-500">{note}</span>}
      </dd>
    </div>
  );
}

/**
 * A GSTIN as typed, made upper-case where it stands: the caret stays where it was, so an edit in
 * the middle is not thrown to the end.
 */
function upperCaseInPlace(input: HTMLInputElement) {
  const { selectionStart, selectionEnd, value } = input;
  const upper = value.toUpperCase();
  if (upper === value) return;
  input.value = upper;
  input.setSelectionRange(selectionStart, selectionEnd);
}

/**
 * The Overview tab: the shopper's details, and editing name, phone, address and GSTIN. The GSTIN
 * is checked here by the rule the server's profile body applies (trimmed, upper-cased, empty or
 * `isValidGstin`; packages/shared's users contract), with its message: the contract's zod schema
 * itself stays out of the browser (scripts/check-bundle.mjs).
 */
export function ProfileOverview({ user }: { user: User }) {
  const m = useMessages(profileMessages);
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  // A shared rule's or the server's message, shown in the page's language.
  const [problem, setProblem] = useState<{ message: string; gstin?: boolean }>();
  const problemShown = useShopperMessage(problem?.message ?? '');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const body = {
      name: String(form.get('name')).trim(),
      phone: String(form.get('phone')).trim(),
      address: String(form.get('address')).trim(),
      // Empty clears it.
      gstin: String(form.get('gstin')).trim().toUpperCase(),
    };
    if (!body.name) {
      setProblem({ message: M.nameEmpty });
      return;
    }
    if (body.gstin && !isValidGstin(body.gstin)) {
      setProblem({ message: M.gstinInvalid, gstin: true });
      (element.elements.namedItem('gstin') as HTMLInputElement | null)?.focus();
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      const token = getToken();
      const saved = await updateProfile(body);
      if (token) client.setQueryData(profileQuery(token).queryKey, saved.user);
      notify.success(saved.message);
      setEditing(false);
    } catch (error) {
      const message = (error as Error).message;
      // The server refused the GSTIN (a 400 in its words): said at the field, as the check above.
      if (error instanceof ApiError && error.status === 400 && message === M.gstinInvalid) {
        setProblem({ message, gstin: true });
      } else {
        notify.error(message);
      }
    } finally {
      setBusy(false);
    }
  };

  const heading = (
    <div className="flex items-center justify-between gap-4">
      <h2 className="font-display text-2xl text-maroon-900">{m.personalDetails()}</h2>
      {!editing && (
        <button type="button" className={SECONDARY_BUTTON} onClick={() => setEditing(true)}>
          <Pencil size={16} aria-hidden /> {m.edit()}
        </button>
      )}
    </div>
  );

  if (!editing) {
    return (
      <section aria-label={m.tabOverview()}>
        {heading}
        <dl className="mt-2 divide-y divide-stone-100">
          <Detail label={m.fullName()} value={user.name} />
          <Detail label={m.email()} value={user.email} note={m.cannotBeChanged()} />
          <Detail label={m.phone()} value={user.phone} />
          <Detail label={m.address()} value={user.address} />
          <Detail label={GSTIN} value={user.gstin ?? ''} />
        </dl>
      </section>
    );
  }

  return (
    <section aria-label={m.tabOverview()}>
      {heading}
      <form onSubmit={onSubmit} className="mt-6 space-y-4" aria-label={m.editYourDetails()}>
        <Field
          label={m.fullName()}
          name="name"
          autoComplete="name"
          defaultValue={user.name}
          maxLength={100}
        />
        <Field
          label={m.email()}
          name="email"
          type="email"
          value={user.email}
          readOnly
          disabled
          hint={m.cannotBeChanged()}
        />
        <Field
          label={m.phone()}
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={user.phone}
          maxLength={20}
        />
        <div>
          <label htmlFor="profile-address" className="block text-sm font-medium text-stone-800">
            {m.address()}
          </label>
          <textarea
            id="profile-address"
            name="address"
            rows={3}
            autoComplete="street-address"
            defaultValue={user.address}
            maxLength={500}
            className="mt-1.5 block w-full rounded-lg border border-stone-300 bg-white px-3.5 py-2.5 text-stone-900 shadow-sm focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/20"
          />
        </div>
        <Field
          label={GSTIN}
          name="gstin"
          defaultValue={user.gstin ?? ''}
          placeholder={m.gstinExample()}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          aria-invalid={problem?.gstin ? true : undefined}
          onInput={(event) => upperCaseInPlace(event.currentTarget)}
          hint={m.gstinHint()}
        />
        <FormError message={problemShown} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={PRIMARY_BUTTON} disabled={busy}>
            {busy ? m.saving() : m.saveChanges()}
          </button>
          <button
            type="button"
            className={SECONDARY_BUTTON}
            disabled={busy}
            onClick={() => {
              setProblem(undefined);
              setEditing(false);
            }}
          >
            {m.cancel()}
          </button>
        </div>
      </form>
    </section>
  );
}
