import { use, useEffect, type ComponentType } from 'react';
import { reportTakenOver } from './hydration';

/** The query client's chunk (lib/queries.tsx). */
export const loadQueries = () => import('./queries');

/** Every lazily loaded part, by name, so a page's parts can be loaded before it is taken over. */
const parts = new Map<string, () => Promise<unknown>>();

/**
 * While the server draws a page, the name of every lazily loaded part drawn in it
 * (entry-server.tsx): the page lists them, and the browser loads them before it takes the page
 * over (loadParts), so it is taken over in one go, as drawn.
 */
let partDrawn: ((name: string) => void) | undefined;
export function onPartDrawn(listener: (name: string) => void): void {
  partDrawn = listener;
}

/**
 * A part of the shop loaded when first drawn (code splitting), with the query client: the part's
 * chunk and the client's load together, and the part renders inside the client's provider. So
 * TanStack Query stays out of the first script while every lazily loaded part finds the one shared
 * client. Use it for every lazy part of the shop's frame and pages; only code that never reads
 * server data (the toasts) may use `lazy` itself. `name` is the part's own, the same in the
 * browser's and the server's builds.
 *
 * Unlike `React.lazy`, a part already loaded draws at once, never suspending: a page the server
 * drew has its parts loaded before the browser takes it over (main.tsx).
 */
export function lazyWithQueries<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> => {
    loading ??= Promise.all([load(), loadQueries()]).then(([Part, { QueriesProvider }]) => {
      function WithQueries(props: P) {
        return (
          <QueriesProvider>
            <Part {...props} />
          </QueriesProvider>
        );
      }
      // Settled, as React's `use` reads a promise: a render after this one need not wait.
      Object.assign(loading!, { status: 'fulfilled', value: WithQueries });
      return WithQueries;
    });
    return loading;
  };
  if (parts.has(name)) throw new Error(`Two lazily loaded parts are named ${name}`);
  parts.set(name, start);
  function LazyPart(props: P) {
    partDrawn?.(name);
    // Always through `use`, which must be called alike in every render: a part already loaded is
    // a settled promise, read at once.
    const Part = use(start());
    useEffect(() => reportTakenOver(name), []);
    return <Part {...props} />;
  }
  return LazyPart;
}

/**
 * Load the parts named (a server-drawn page's, main.tsx). A part loaded may define parts of its
 * own, so the names not yet known are looked for again after each round; a name that never
 * appears (a build that no longer has it) is left for React to load when it draws it.
 */
export async function loadParts(names: readonly string[]): Promise<void> {
  let waiting = [...names];
  while (waiting.length > 0) {
    const known = waiting.filter((name) => parts.has(name));
    if (known.length === 0) return;
    await Promise.all(known.map((name) => parts.get(name)!()));
    waiting = waiting.filter((name) => !parts.has(name));
  }
}
