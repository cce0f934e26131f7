import { existsSync, readFileSync } from 'node:fs';

/**
 * The browser the tests drive: CHROME_PATH, else Debian's headless shell (package
 * chromium-headless-shell), else Debian's Chromium. Playwright never downloads a browser here.
 *
 * The headless shell is Chromium without the browser's windows and their compositing: the same
 * Blink and V8 at a little over half the browser process's CPU, which took about a tenth off the
 * browser suite on two cores (decision 061). Chromium runs the same tests when the shell is absent.
 */
const CHROMIUM_CANDIDATES: string[] = JSON.parse(
  // In order of preference; scripts/test-all.mjs reads the same list.
  readFileSync(new URL('./chromium-paths.json', import.meta.url), 'utf8'),
);
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, ...CHROMIUM_CANDIDATES];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
