/** One chunk of Vite's build manifest (dist/.vite/manifest.json), as far as it is used here. */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The web app's page modules, by route, as `app/router.tsx` loads them lazily. */
const ROUTE_MODULES: Readonly<Record<string, string>> = {
  '/collection': 'src/routes/collection.tsx',
  '/about': 'src/routes/about.tsx',
  '/contact': 'src/routes/contact.tsx',
  '/terms': 'src/routes/terms.tsx',
  '/privacy': 'src/routes/privacy.tsx',
  '/refund': 'src/routes/refund.tsx',
  '/product': 'src/routes/product.tsx',
  '/login': 'src/routes/login.tsx',
  '/profile': 'src/routes/profile.tsx',
  '/cart': 'src/routes/cart.tsx',
  '/place-order': 'src/routes/place-order.tsx',
  '/orders': 'src/routes/orders.tsx',
  '/verify': 'src/routes/verify.tsx',
  '/wishlist': 'src/routes/wishlist.tsx',
  '/notify-me': 'src/routes/notify-me.tsx',
};

/**
 * What the web app loads beside every page of ROUTE_MODULES, by chunk name: TanStack Query and the
 * shop's query client, one chunk (the 'query' group in apps/web/vite.config.ts) kept out of the
 * first script and loaded with each lazily loaded page (apps/web/src/lib/lazy-with-queries.tsx).
 */
const WITH_EVERY_PAGE: readonly string[] = ['query'];

/** The route a path belongs to, for ROUTE_MODULES: '/product/abc' → '/product'. */
function routeOf(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.startsWith('/product/') ? '/product' : trimmed;
}

/**
 * The addresses of the chunks a page loads after the first script, so the first HTML can
 * preload them in parallel instead of the browser discovering them one after another. Chunks the
 * entry already loads are left out. Without a manifest (API-only runs), nothing is preloaded.
 */
export function createRouteChunks(manifest: ViteManifest | undefined) {
  const entryFiles = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest?.[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest ?? {})) {
    if (chunk.isEntry) collect(key, entryFiles);
  }
  const withEveryPage = Object.keys(manifest ?? {}).filter((key) =>
    WITH_EVERY_PAGE.includes(manifest![key]!.name ?? ''),
  );
  return (path: string): string[] => {
    const module = ROUTE_MODULES[routeOf(path)];
    if (!module || !manifest?.[module]) return [];
    const files = new Set<string>();
    collect(module, files);
    for (const shared of withEveryPage) collect(shared, files);
    return [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
  };
}

/** The operator console's code (apps/web/src/admin): its own lazily loaded chunks. */
const isConsoleModule = (key: string) => key.startsWith('src/admin/');

/** A chunk that shop pages load only because the console imports some of the same code. */
export interface ConsoleSplit {
  /** The extra chunk, e.g. 'assets/queryOptions-1.js'. */
  file: string;
  /** The shop's chunk its code would otherwise sit in. */
  otherwiseIn: string;
  /** The shop routes whose first HTML preloads it ('/' for the first script itself). */
  routes: string[];
  /** The console's lazily loaded modules that import it. */
  consoleModules: string[];
}

/**
 * The guard of decision 053 ("the console does not change how the shop's pages load"), run on
 * every build by scripts/check-bundle.mjs.
 *
 * The bundler puts each module in a chunk by the set of entries (the first script, and each module
 * loaded with `import()`) that reach it through static imports: modules reached by the same set
 * share a chunk. When the console imports a module that the shop's pages also use, that module's
 * set gains the console, so it leaves the chunk it shared with the rest of its set and becomes a
 * chunk of its own, which the shop's pages then preload as one more file. That is how the first
 * console build gave the product page two more preloads (TanStack's `queryOptions` and the
 * category constants).
 *
 * So: a chunk that any shop entry reaches and that console entries reach too is reported when
 * another chunk is reached by exactly the same shop entries and by no console entry: without the
 * console, the two would be one chunk. A chunk shared with the console that would exist anyway
 * (no chunk has its set of shop entries) is fine, and so is anything only the console loads.
 */
export function findConsoleSplits(manifest: ViteManifest): ConsoleSplit[] {
  const keys = Object.keys(manifest).filter((key) => manifest[key]!.file.endsWith('.js'));
  const entries = keys.filter((key) => manifest[key]!.isEntry || manifest[key]!.isDynamicEntry);
  // Each chunk's entries: those whose static imports reach it. What the first script loads is
  // there before any other entry runs, so a walk from another entry stops at the first script.
  const reachedBy = new Map<string, Set<string>>(keys.map((key) => [key, new Set()]));
  for (const entry of entries) {
    const walk = (key: string) => {
      const chunk = manifest[key];
      const seen = reachedBy.get(key);
      if (!chunk || !seen || seen.has(entry) || (key !== entry && chunk.isEntry)) return;
      seen.add(entry);
      for (const imported of chunk.imports ?? []) walk(imported);
    };
    walk(entry);
  }
  const shopSet = (key: string) =>
    [...reachedBy.get(key)!]
      .filter((entry) => !isConsoleModule(entry))
      .sort()
      .join('|');
  const consoleEntries = (key: string) => [...reachedBy.get(key)!].filter(isConsoleModule).sort();

  // Chunks reached by the shop and not by the console, by their set of shop entries.
  const shopOnly = new Map<string, string>();
  for (const key of keys) {
    if (consoleEntries(key).length === 0 && shopSet(key) !== '') shopOnly.set(shopSet(key), key);
  }
  const preloads = createRouteChunks(manifest);
  const firstScript = new Set<string>();
  const collectFirst = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || firstScript.has(key)) return;
    firstScript.add(key);
    for (const imported of chunk.imports ?? []) collectFirst(imported);
  };
  for (const key of keys) if (manifest[key]!.isEntry) collectFirst(key);

  const splits: ConsoleSplit[] = [];
  for (const key of keys) {
    const consoleModules = consoleEntries(key);
    const set = shopSet(key);
    const otherwiseIn = shopOnly.get(set);
    if (consoleModules.length === 0 || set === '' || otherwiseIn === undefined) continue;
    const file = manifest[key]!.file;
    const routes = [
      ...(firstScript.has(key) ? ['/'] : []),
      ...Object.keys(ROUTE_MODULES).filter((route) =>
        preloads(route === '/product' ? '/product/x' : route).includes(`/${file}`),
      ),
    ];
    splits.push({ file, otherwiseIn: manifest[otherwiseIn]!.file, routes, consoleModules });
  }
  return splits;
}
