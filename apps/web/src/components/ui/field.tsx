import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useMessages } from '../../i18n/messages';
import { uiMessages } from '../../i18n/ui';
import { ShopperMessage } from './shopper-message';

/** Red, as the checkout's address fields are, while the input is marked aria-invalid. */
const INPUT =
  'block w-full rounded-lg border border-stone-300 bg-white px-3.5 py-2.5 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-maroon-700 focus:outline-none focus:ring-2 focus:ring-maroon-700/20 disabled:bg-stone-50 disabled:text-stone-600 aria-invalid:border-red-600 aria-invalid:focus:border-red-700 aria-invalid:focus:ring-red-600/20';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
};

/** A labelled text input, with an optional line of help under it. */
export function Field({ label, hint, className = '', ...input }: FieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        {...input}
        className={`mt-1.5 ${INPUT}`}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A password input with a control to show what was typed. */
export function PasswordField({ label, hint, className = '', ...input }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const m = useMessages(uiMessages);
  // The field's name inside the sentence, as English writes it there ('Show password').
  const field = label.toLowerCase();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          {...input}
          type={shown ? 'text' : 'password'}
          className={`${INPUT} pr-11`}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-500 hover:text-maroon-700 focus-visible:outline-2 focus-visible:outline-maroon-700"
          aria-label={shown ? m.hideField({ field }) : m.showField({ field })}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A message about the form above it, announced when it appears. A message from the API or the
 * shared rules is shown in the page's language.
 */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg bg-red-50 px-3.5 py-2.5 text-sm text-red-800 ring-1 ring-red-200"
      data-testid="form-error"
    >
      <ShopperMessage text={message} />
    </p>
  );
}
