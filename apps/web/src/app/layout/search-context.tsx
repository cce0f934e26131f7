import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

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
