import { Search, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useSearchToggle } from './search-context';

/** The search box under the header; the layout shows it (see SearchBarSlot in layout.tsx). */
export function SearchBar() {
  const { setShowSearch } = useSearchToggle();
  const [params, setParams] = useSearchParams();

  return (
    <div className="border-b border-black/5 bg-white">
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
        <label className="flex flex-1 items-center gap-2 rounded-full border border-stone-300 px-4 py-2 focus-within:border-maroon-700">
          <Search size={18} className="text-stone-500" aria-hidden />
          <span className="sr-only">Search the collection</span>
          <input
            type="search"
            autoFocus
            value={params.get('q') ?? ''}
            placeholder="Search lehengas, sherwanis, colours…"
            className="w-full bg-transparent text-sm outline-none"
            onChange={(event) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (event.target.value) next.set('q', event.target.value);
                  else next.delete('q');
                  return next;
                },
                { replace: true, preventScrollReset: true },
              )
            }
          />
        </label>
        <button
          type="button"
          aria-label="Close search"
          onClick={() => setShowSearch(false)}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-600 hover:bg-maroon-50"
        >
          <X size={20} aria-hidden />
        </button>
      </div>
    </div>
  );
}
