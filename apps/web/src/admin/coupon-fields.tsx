import type { ReactNode } from 'react';
import type { CouponField } from './coupon-draft';
import { LABEL } from './ui';

/* The coupon form's labelled inputs: each with its help line, and its error when it has one. */

/** The id of a field's input; its help and error lines add -hint and -error. */
export const fieldId = (field: CouponField) => `coupon-${field}`;

/** A labelled field with its help line (the input and its error are the children). */
export function Field({
  label,
  hint,
  field,
  children,
}: {
  label: string;
  hint: string;
  field: CouponField;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={fieldId(field)} className={LABEL}>
        {label}
      </label>
      {children}
      <p id={`${fieldId(field)}-hint`} className="mt-1 text-xs text-stone-600">
        {hint}
      </p>
    </div>
  );
}

export function Check({
  label,
  hint,
  checked,
  onChange,
  field,
  problem,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  field: CouponField;
  problem: ReactNode;
}) {
  return (
    <div className="sm:col-span-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-stone-900">
        <input
          id={fieldId(field)}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${fieldId(field)}-hint`}
          className="h-5 w-5 accent-maroon-700"
        />
        {label}
      </label>
      <p id={`${fieldId(field)}-hint`} className="text-xs text-stone-600">
        {hint}
      </p>
      {problem}
    </div>
  );
}
