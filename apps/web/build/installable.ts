import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Pehnava's mark: a cream P on plum (the icons draw it on a rounded or a full tile). */
const MARK_PATHS =
  '<path d="M22 48V16h12c7 0 11 4 11 10s-4 10-11 10h-6v12z" fill="#f4d58d"/><path d="M28 22v8h5c3 0 5-1.5 5-4s-2-4-5-4z" fill="#7a1f3d"/>';
const THEME_COLOUR = '#7a1f3d';
const BACKGROUND_COLOUR = '#fdfaf4';

/**
 * The app's icons (issue [P] §4), drawn from the mark at build with sharp into PNGs at the sizes
 * phones ask for: 192 and 512 for the home screen and splash (the favicon's rounded tile), a 512
 * maskable one whose plum fills the square and whose mark sits well inside the safe circle (a
 * phone cuts it to its own shape), and Apple's 180 touch icon, square (iOS rounds it).
 *
 * The page's own icon (index.html) is a PNG too, at 32 (a tab) and 96 (a phone's tab list): a
 * browser reads a page's icon in the page's own process, and an SVG icon there is a whole SVG
 * document parsed, laid out and painted on the page's main thread just after it loads (3–11 ms
 * on the machines measuring issue [M], ×9 on the phone Lighthouse means), where a PNG is decoded.
 */
export const APP_ICONS = [
  { file: 'icons/icon-192.png', size: 192, purpose: 'any', tile: 'rounded' },
  { file: 'icons/icon-512.png', size: 512, purpose: 'any', tile: 'rounded' },
  { file: 'icons/maskable-512.png', size: 512, purpose: 'maskable', tile: 'full' },
  { file: 'icons/apple-touch-icon.png', size: 180, purpose: 'apple', tile: 'full' },
  { file: 'icons/favicon-32.png', size: 32, purpose: 'page', tile: 'rounded' },
  { file: 'icons/favicon-96.png', size: 96, purpose: 'page', tile: 'rounded' },
] as const;

export function appIcons(): Plugin {
  const svg = (tile: 'rounded' | 'full') =>
    tile === 'rounded'
      ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${THEME_COLOUR}"/>${MARK_PATHS}</svg>`
      : // The mark at 70 % about the middle: its farthest corner is 27 % of the side from the
        // middle, inside the maskable safe circle's 40 %.
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME_COLOUR}"/><g transform="translate(32 32) scale(0.7) translate(-33.5 -32)">${MARK_PATHS}</g></svg>`;
  return {
    name: 'pehnava:app-icons',
    apply: 'build',
    async generateBundle() {
      for (const icon of APP_ICONS) {
        const source = await sharp(Buffer.from(svg(icon.tile)), { density: (72 * icon.size) / 64 })
          .resize(icon.size, icon.size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.file, source });
      }
    },
  };
}

/**
 * The web app manifest and the service worker (issue [P] §4, decision 084). The worker is
 * src/sw/sw.ts, built by vite-plugin-pwa with Workbox into /sw.js; it precaches only
 * what the offline page needs (the page, the icons) and caches the rest as it is used
 * (src/sw/policy.ts). main.tsx registers it once the app has started.
 */
export function installableShop(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    includeManifestIcons: false,
    injectManifest: {
      globPatterns: ['offline.html', 'icons/*.png'],
      sourcemap: false,
    },
    manifest: {
      id: '/',
      name: 'Pehnava · Occasion wear on rent',
      short_name: 'Pehnava',
      description:
        'Rent wedding and occasion wear for 2 to 14 days. No deposit, cleaned and quality-checked, delivered to your door.',
      lang: 'en-IN',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOUR,
      background_color: BACKGROUND_COLOUR,
      categories: ['shopping', 'lifestyle'],
      icons: APP_ICONS.filter((icon) => icon.purpose === 'any' || icon.purpose === 'maskable').map(
        (icon) => ({
          src: `/${icon.file}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.purpose,
        }),
      ),
    },
  });
}
