import { Plus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { INPUT, LABEL, SECONDARY } from './ui';

/* The product editor's fields (product-editor.tsx): text and check boxes, sizes, filters. */

/** A size as the form holds it; `saved` is its pieces when it was read, null for a new size. */
export interface SizeDraft {
  size: string;
  available: boolean;
  units: number;
  saved: number | null;
}
export interface FilterDraft {
  type: string;
  value: string;
}

/** The filter groups the shop's collection knows (DECISIONS.md 'Catalogue seed'). */
const FILTER_TYPES = ['category', 'subCategory', 'occasion', 'colour'];

export function Text({
  label,
  value,
  onChange,
  numeric = false,
  mono = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  numeric?: boolean;
  mono?: boolean;
}) {
  const id = `product-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input
        id={id}
        className={`${INPUT} mt-1.5 ${mono ? 'font-mono' : ''}`}
        value={value}
        inputMode={numeric ? 'decimal' : undefined}
        onChange={(event) =>
          onChange(numeric ? event.target.value.replace(/[^\d.]/g, '') : event.target.value)
        }
      />
    </div>
  );
}

export function Check({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-stone-800">
      <input
        type="checkbox"
        className="h-5 w-5 accent-maroon-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

export function Sizes({
  sizes,
  onChange,
}: {
  sizes: SizeDraft[];
  onChange: (next: SizeDraft[]) => void;
}) {
  const update = (index: number, change: Partial<SizeDraft>) =>
    onChange(sizes.map((s, i) => (i === index ? { ...s, ...change } : s)));
  return (
    <div className="px-4 py-4">
      <ul className="space-y-3">
        {sizes.map((s, index) => (
          <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <div>
              <label htmlFor={`size-${index}`} className={LABEL}>
                Size
              </label>
              <input
                id={`size-${index}`}
                className={`${INPUT} mt-1.5`}
                value={s.size}
                readOnly={s.saved !== null}
                onChange={(event) => update(index, { size: event.target.value.toUpperCase() })}
              />
            </div>
            <div>
              <label htmlFor={`units-${index}`} className={LABEL}>
                Pieces
              </label>
              <input
                id={`units-${index}`}
                type="number"
                min={s.saved ?? 0}
                max={50}
                className={`${INPUT} mt-1.5`}
                value={s.units}
                onChange={(event) => update(index, { units: Number(event.target.value) })}
              />
            </div>
            {s.saved === null ? (
              <button
                type="button"
                className="flex h-11 w-11 items-center justify-center rounded-lg text-red-800 hover:bg-red-50"
                onClick={() => onChange(sizes.filter((_, i) => i !== index))}
                aria-label={`Remove size ${s.size || index + 1}`}
              >
                <X size={16} aria-hidden />
              </button>
            ) : (
              <Check
                label={<span className="sr-only sm:not-sr-only">Offered</span>}
                checked={s.available}
                onChange={(available) => update(index, { available })}
              />
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-stone-600">
        A saved size is switched off, never removed; pieces are retired on the Units screen.
      </p>
      <button
        type="button"
        className={`${SECONDARY} mt-3`}
        onClick={() => onChange([...sizes, { size: '', available: true, units: 1, saved: null }])}
      >
        <Plus size={16} aria-hidden />
        Add size
      </button>
    </div>
  );
}

export function Filters({
  filters,
  onChange,
}: {
  filters: FilterDraft[];
  onChange: (next: FilterDraft[]) => void;
}) {
  const update = (index: number, change: Partial<FilterDraft>) =>
    onChange(filters.map((f, i) => (i === index ? { ...f, ...change } : f)));
  return (
    <div className="px-4 py-4">
      <datalist id="filter-types">
        {FILTER_TYPES.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <ul className="space-y-3">
        {filters.map((f, index) => (
          <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <div>
              <label htmlFor={`filter-type-${index}`} className={LABEL}>
                Group
              </label>
              <input
                id={`filter-type-${index}`}
                list="filter-types"
                className={`${INPUT} mt-1.5`}
                value={f.type}
                onChange={(event) => update(index, { type: event.target.value })}
              />
            </div>
            <div>
              <label htmlFor={`filter-value-${index}`} className={LABEL}>
                Value
              </label>
              <input
                id={`filter-value-${index}`}
                className={`${INPUT} mt-1.5`}
                value={f.value}
                onChange={(event) => update(index, { value: event.target.value })}
              />
            </div>
            <button
              type="button"
              className="flex h-11 w-11 items-center justify-center rounded-lg text-red-800 hover:bg-red-50"
              onClick={() => onChange(filters.filter((_, i) => i !== index))}
              aria-label={`Remove filter ${f.type}: ${f.value}`}
            >
              <X size={16} aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${SECONDARY} mt-3`}
        onClick={() => onChange([...filters, { type: '', value: '' }])}
      >
        <Plus size={16} aria-hidden />
        Add filter
      </button>
    </div>
  );
}
