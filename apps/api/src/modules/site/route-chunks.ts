/** One chunk of Vite's build manifest (dist/.vite/manifest.json), as far as it is used here. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
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
};

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
  return (path: string): string[] => {
    const module = ROUTE_MODULES[routeOf(path)];
    if (!module || !manifest?.[module]) return [];
    const files = new Set<string>();
    collect(module, files);
    return [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
  };
}
