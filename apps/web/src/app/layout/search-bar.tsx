import { Search, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { SEARCH_INPUT_ID, SEARCH_PARAM, useSearchToggle } from './search-context';

/**
 * The search box under the header; the layout shows it (see SearchBarSlot in layout.tsx) while
 * search is toggled on or a search is applied. Closing it ends the search (decision 031): the
 * text leaves the URL and every product shows again, so no search is ever applied unseen.
 */
export function SearchBar() {
  const { setShowSearch } = useSearchToggle();
  const [params, setParams] = useSearchParams();

  const close = () => {
    setShowSearch(false);
    if (!params.has(SEARCH_PARAM)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <div className="border-b border-black/5 bg-white">
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
        <label className="flex flex-1 items-center gap-2 rounded-full border border-stone-300 px-4 py-2 focus-within:border-maroon-700">
          <Search size={18} className="text-stone-500" aria-hidden />
          <span className="sr-only">Search the collection</span>
          <input
            id={SEARCH_INPUT_ID}
            type="search"
            autoFocus
            value={params.get(SEARCH_PARAM) ?? ''}
            placeholder="Search lehengas, sherwanis, colours…"
            // The browser's own clear button would sit beside Close search and mean something else.
            className="w-full bg-transparent text-sm outline-none [&::-webkit-search-cancel-button]:[-webkit-appearance:none]"
            onChange={(event) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (event.target.value) next.set(SEARCH_PARAM, event.target.value);
                  else next.delete(SEARCH_PARAM);
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
          onClick={close}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-600 hover:bg-maroon-50"
        >
          <X size={20} aria-hidden />
        </button>
      </div>
    </div>
  );
}
