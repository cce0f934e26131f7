import { useEffect, useRef, type RefObject } from 'react';
import { ShopperMessage } from '../../components/ui/shopper-message';
import { collectionMessages } from '../../i18n/collection';
import { useMessages } from '../../i18n/messages';

/** How far below the screen the next page starts loading, so scrolling rarely waits for it. */
const AHEAD = '800px';

/**
 * The end of the collection's grid: the next page loads by itself as the shopper scrolls near it
 * (an IntersectionObserver on this block), and the Load more button does the same for keyboards,
 * screen readers and browsers that never scroll. After the button, focus moves to the first new
 * card, so the shopper carries on from there rather than from below the new cards.
 */
export function LoadMore({
  shown,
  total,
  pageSize,
  hasMore,
  loading,
  failed,
  onMore,
  grid,
}: {
  shown: number;
  total: number;
  /** Cards per page: a search that fits one page says nothing here. */
  pageSize: number;
  hasMore: boolean;
  loading: boolean;
  /** Why the last page could not be loaded: then only the button tries again, not scrolling. */
  failed?: string;
  onMore: () => unknown;
  /** The grid the cards are in, to move focus into. */
  grid: RefObject<HTMLElement | null>;
}) {
  const m = useMessages(collectionMessages);
  const sentinel = useRef<HTMLDivElement>(null);
  /** Set by the button: the index of the first card it brings. */
  const focusFrom = useRef<number>(undefined);

  useEffect(() => {
    const target = sentinel.current;
    // Without IntersectionObserver (an old browser) the button is the way on.
    if (!target || !hasMore || loading || failed || typeof IntersectionObserver === 'undefined') {
      return;
    }
    // Observed afresh after every page, so a page that leaves the end still on screen (a tall
    // window) brings the next one too.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void onMore();
        }
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loading, failed, onMore, shown]);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === undefined || loading) return;
    focusFrom.current = undefined;
    if (shown > from) grid.current?.querySelectorAll('li')[from]?.querySelector('a')?.focus();
  }, [loading, shown, grid]);

  return (
    <div ref={sentinel} className="mt-8 flex flex-col items-center gap-3 text-sm text-stone-600">
      {(hasMore || shown > pageSize) && (
        <p data-testid="shown-count">{m.showing({ shown, total })}</p>
      )}
      {failed && (
        <p role="alert" className="text-red-700">
          <ShopperMessage text={failed} />
        </p>
      )}
      {hasMore && (
        <button
          type="button"
          onClick={() => {
            focusFrom.current = shown;
            void onMore();
          }}
          disabled={loading}
          className="rounded-full border border-maroon-700 px-6 py-2 text-sm font-medium text-maroon-700 hover:bg-maroon-50 disabled:opacity-60"
        >
          {loading ? m.loadingMore() : m.loadMore()}
        </button>
      )}
    </div>
  );
}
