import { Search, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMessages } from '../../i18n/messages';
import { searchMessages } from '../../i18n/search';
import { SEARCH_INPUT_ID, SEARCH_PARAM, useSearchToggle } from './search-context';

/** How long typing pauses before the address, and so the collection's search, follows it. */
const SETTLE_MS = 300;

/**
 * The search box under the header; the layout shows it (see SearchBarSlot in layout.tsx) while
 * search is toggled on or a search is applied. Closing it ends the search (decision 031): the
 * text leaves the URL and every product shows again, so no search is ever applied unseen.
 *
 * The box keeps what is typed and writes it into the address once typing pauses (an emptied box
 * at once), so the collection asks the server once per pause rather than once per key, and no key
 * is lost while the page draws the last answer. A search changed elsewhere (Clear Search, Back)
 * comes back into the box.
 */
export function SearchBar() {
  const m = useMessages(searchMessages);
  const { setShowSearch } = useSearchToggle();
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(SEARCH_PARAM) ?? '';
  const [text, setText] = useState(inUrl);
  // What the address holds, or is about to hold because this box wrote it.
  const [known, setKnown] = useState(inUrl);
  if (inUrl !== known) {
    setKnown(inUrl);
    setText(inUrl);
  }

  const write = useCallback(
    (value: string) => {
      setKnown(value);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(SEARCH_PARAM, value);
          else next.delete(SEARCH_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (text === known) return;
    const timer = setTimeout(() => write(text), text.trim() === '' ? 0 : SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, known, write]);

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
          <span className="sr-only">{m.label()}</span>
          <input
            id={SEARCH_INPUT_ID}
            type="search"
            autoFocus
            value={text}
            placeholder={m.placeholder()}
            // The browser's own clear button would sit beside Close search and mean something else.
            className="w-full bg-transparent text-sm outline-none [&::-webkit-search-cancel-button]:[-webkit-appearance:none]"
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <button
          type="button"
          aria-label={m.close()}
          onClick={close}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-600 hover:bg-maroon-50"
        >
          <X size={20} aria-hidden />
        </button>
      </div>
    </div>
  );
}
