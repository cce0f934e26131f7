import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** The collection's search text in the URL (features/catalogue/use-catalogue-url.ts reads it). */
export const SEARCH_PARAM = 'q';
/** The search box's id, so the header's search icon can put the cursor in it. */
export const SEARCH_INPUT_ID = 'collection-search';

interface SearchToggle {
  showSearch: boolean;
  setShowSearch: (show: boolean) => void;
}

const SearchContext = createContext<SearchToggle>({ showSearch: false, setShowSearch: () => {} });

/** Whether the search bar is toggled on (the header's search icon turns it on). */
export function SearchProvider({ children }: { children: ReactNode }) {
  const [showSearch, setShowSearch] = useState(false);
  const value = useMemo(() => ({ showSearch, setShowSearch }), [showSearch]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

export const useSearchToggle = () => useContext(SearchContext);
