import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Each navigation scrolls smoothly back to the top of the page. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
