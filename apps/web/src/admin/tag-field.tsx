import { ScanLine } from 'lucide-react';
import type { RefObject } from 'react';
import { keepFocus } from './scanner';
import { INPUT, LABEL, PRIMARY } from './ui';

/**
 * The packing table's tag field with its button: codes in capitals as tags print them, no
 * corrections or suggestions from the phone's keyboard, and a button that leaves the focus in
 * the field (admin/scanner.ts).
 */
export function TagField({
  id,
  label,
  inputRef,
  value,
  onChange,
  placeholder,
  action,
  enterKeyHint,
  autoFocus = false,
}: {
  id: string;
  label: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The button's word (Find, Pack). */
  action: string;
  enterKeyHint: 'search' | 'go';
  autoFocus?: boolean;
}) {
  return (
    <>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          ref={inputRef}
          className={`${INPUT} font-mono uppercase placeholder:normal-case`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint={enterKeyHint}
          autoFocus={autoFocus}
        />
        <button type="submit" className={PRIMARY} onMouseDown={keepFocus}>
          <ScanLine size={16} aria-hidden />
          {action}
        </button>
      </div>
    </>
  );
}
